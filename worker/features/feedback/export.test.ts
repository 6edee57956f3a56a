import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { readFirstSheet } from "@worker/lib/xlsx/read-first-sheet";
import { apiAs } from "@worker/test/client";
import { answered, feedbackCrew, published } from "./feedback.test-support";

// Issue 25, 'Exports': feedback answers as the attendees are, one row per response, one column per question.

const exportOf = (token: string, eventId: string, formId: string, format: "csv" | "xlsx" = "csv") =>
  apiAs(token).api.events[":eventId"].form[":formId"].response.export.$get({ param: { eventId, formId }, query: { format } });

describe("GET /api/events/{eventId}/form/{formId}/response/export", () => {
  it("writes one row per response and one column per question, an open answer like '=1+1' with a leading quote", async () => {
    const { owner, guest, other, event } = await feedbackCrew({ timeZone: "Europe/Lisbon" });
    const form = await published(owner.token, event.id);
    await answered(guest.token, event.id, form, [5, 2], "=1+1");
    await answered(other.token, event.id, form, [4, 3], 'Coffee, "strong"\nplease');

    const response = await exportOf(owner.token, event.id, form.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain(".csv");
    const text = new TextDecoder().decode(new Uint8Array(await response.arrayBuffer()));
    const [header, ...rows] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual(["Name", "E-mail", "Answered", "Venue", "Food", "Anything else?"]);
    expect(rows.map((row) => [row[0], row[1], row[3], row[4], row[5]])).toEqual([
      [`${guest.firstName} Test`, guest.email, "5", "2", "'=1+1"],
      [`${other.firstName} Test`, other.email, "4", "3", 'Coffee, "strong"\nplease'],
    ]);
    expect(rows[0]![2]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M (WET|WEST|Lisbon time)$/);

    const sheet: string[][] = [];
    readFirstSheet(new Uint8Array(await (await exportOf(owner.token, event.id, form.id, "xlsx")).arrayBuffer()), ({ cells }) => {
      sheet.push([...cells.values()]);
    });
    expect(sheet.slice(1).map((row) => row[5])).toEqual(["'=1+1", 'Coffee, "strong"\nplease']);
  });

  it("is for the owner and hosts only: a guest gets 403, a form of another experience 404", async () => {
    const { owner, host, guest, event } = await feedbackCrew();
    const form = await published(owner.token, event.id);
    expect((await exportOf(host.token, event.id, form.id, "xlsx")).status).toBe(200);
    expect((await exportOf(guest.token, event.id, form.id)).status).toBe(403);
    const elsewhere = await feedbackCrew();
    expect((await exportOf(elsewhere.owner.token, elsewhere.event.id, form.id)).status).toBe(404);
  });
});
