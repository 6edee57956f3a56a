import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkinLists, checkins, rsvps } from "@worker/db/schema";
import { readFirstSheet } from "@worker/lib/xlsx/read-first-sheet";
import { apiAs } from "@worker/test/client";
import { addGuest, db, makeEvent, makeUser } from "@worker/test/helpers";
import { crew } from "@worker/test/people";
import { ATTENDEE_EXPORT_HEADER, type AttendeesExportQuery } from "./export.schema";

// Issue 25, 'Exports': the attendee list as CSV and .xlsx, escaped against formula injection, read back by a CSV parser
// and by our own .xlsx reader.

type Query = Partial<Omit<AttendeesExportQuery, "tag">> & { tag?: string[] };

const exportOf = (token: string, eventId: string, query: Query = {}) =>
  apiAs(token).api.rsvp.event[":eventId"].export.$get({ param: { eventId }, query: { format: "csv", ...query } });

async function csvRows(response: { arrayBuffer(): Promise<ArrayBuffer> }): Promise<string[][]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes.slice(3));
  expect(text.endsWith("\r\n")).toBe(true);
  return parse(text, { relax_column_count: false }) as string[][];
}

async function sheetRows(response: { arrayBuffer(): Promise<ArrayBuffer> }): Promise<string[][]> {
  const rows: string[][] = [];
  readFirstSheet(new Uint8Array(await response.arrayBuffer()), ({ cells }) => {
    rows.push(ATTENDEE_EXPORT_HEADER.map((_, column) => cells.get(column) ?? ""));
  });
  return rows;
}

/** Names a spreadsheet would run, and names that only test the quoting and the encoding. */
const DANGEROUS = ['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "\tx", "\rx"];
const AWKWARD = ['Say "hi"', "Comma, Inc", "Two\nlines", "سارة", "Zoë 🎉"];

async function guestsNamed(names: string[]) {
  const owner = await makeUser({ firstName: "Olga", lastName: "" });
  const event = await makeEvent(owner.id, { name: "Sommet d'été", timeZone: "America/New_York" });
  for (const name of names) await addGuest(event.id, await makeUser({ firstName: name, lastName: "" }));
  return { owner, event };
}

const expectedName = (name: string) => (DANGEROUS.includes(name) ? `'${name}` : name);

describe("GET /api/rsvp/event/{eventId}/export", () => {
  it("writes a CSV whose cells a parser reads back exactly, a formula-like name with a leading quote", async () => {
    const { owner, event } = await guestsNamed([...DANGEROUS, ...AWKWARD]);
    const response = await exportOf(owner.token, event.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = await csvRows(response);
    expect(header).toEqual(ATTENDEE_EXPORT_HEADER);
    expect(rows.map((row) => row[0]).sort()).toEqual([...DANGEROUS, ...AWKWARD].map(expectedName).sort());
  });

  it("writes an .xlsx of text cells that our reader reads back exactly, a formula-like name with a leading quote", async () => {
    const { owner, event } = await guestsNamed([...DANGEROUS, ...AWKWARD]);
    const response = await exportOf(owner.token, event.id, { format: "xlsx" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const [header, ...rows] = await sheetRows(response);
    expect(header).toEqual(ATTENDEE_EXPORT_HEADER);
    expect(rows.map((row) => row[0]).sort()).toEqual([...DANGEROUS, ...AWKWARD].map(expectedName).sort());
  });

  it("names the file '{experience} attendees {date}.csv', the accented name in RFC 5987's filename*", async () => {
    const { owner, event } = await guestsNamed([]);
    const response = await exportOf(owner.token, event.id);
    const disposition = response.headers.get("Content-Disposition")!;
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect(disposition).toBe(
      `attachment; filename="Sommet d'_t_ attendees ${date}.csv"; filename*=UTF-8''${encodeURIComponent(`Sommet d'été attendees ${date}.csv`).replace("'", "%27")}`,
    );
  });

  it("holds the rows of the group, search and tags asked for, with e-mail, organisation, status, tags and group", async () => {
    const { event, owner, guest, invited, asking } = await crew();
    const ana = await makeUser({ firstName: "Ana", lastName: "Lima", organisation: "Acme" });
    await addGuest(event.id, ana);
    await db()
      .update(rsvps)
      .set({ tags: ["VIP"] })
      .where(eq(rsvps.userId, ana.id));

    const attending = await csvRows(await exportOf(owner.token, event.id, { group: "ATTENDING" }));
    expect(
      attending
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).not.toContain(invited.email);
    expect(attending.slice(1).map((row) => row[1])).toContain(guest.email);
    expect(attending.slice(1).every((row) => row[3] === "Attending" && row[5] === "Attending")).toBe(true);

    const searched = await csvRows(await exportOf(owner.token, event.id, { search: "acme" }));
    expect(searched.slice(1)).toEqual([["Ana Lima", ana.email, "Acme", "Attending", "VIP", "Attending", "", expect.any(String)]]);
    const tagged = await csvRows(await exportOf(owner.token, event.id, { tag: ["VIP", "nobody"] }));
    expect(tagged.slice(1).map((row) => row[0])).toEqual(["Ana Lima"]);
    const requests = await csvRows(await exportOf(owner.token, event.id, { group: "HOST_APPROVAL_REQUESTED" }));
    expect(requests.slice(1).map((row) => [row[1], row[3], row[5]])).toEqual([[asking.email, "Approval Pending", "Approval Requests"]]);
  });

  it("says when each guest was last admitted, on the experience's clock with its zone, an undone admission left out", async () => {
    const { owner, event } = await guestsNamed([]);
    const ana = await makeUser({ firstName: "Ana", lastName: "Lima" });
    const bo = await makeUser({ firstName: "Bo", lastName: "Berg" });
    const [anaRsvp, boRsvp] = [await addGuest(event.id, ana), await addGuest(event.id, bo)];
    const listId = crypto.randomUUID();
    await db().insert(checkinLists).values({ id: listId, eventId: event.id, name: "Gate" });
    const scan = (rsvpId: string, at: string, undone = false) => ({
      id: crypto.randomUUID(),
      eventId: event.id,
      listId,
      passSerial: rsvpId,
      rsvpId,
      nonce: crypto.randomUUID(),
      scannedAt: new Date(at),
      device: "Gate 1",
      byName: "Olga",
      undoneAt: undone ? new Date(at) : null,
    });
    await db()
      .insert(checkins)
      .values([scan(anaRsvp, "2027-01-10T14:00:00Z"), scan(anaRsvp, "2027-01-11T15:30:00Z"), scan(boRsvp, "2027-07-01T13:00:00Z", true)]);
    const rows = await csvRows(await exportOf(owner.token, event.id));
    const checkedIn = Object.fromEntries(rows.slice(1).map((row) => [row[0], row[6]]));
    expect(checkedIn).toEqual({ "Ana Lima": "Jan 11, 2027, 10:30 AM EST", "Bo Berg": "" });
    expect(rows.find((row) => row[0] === "Ana Lima")![7]).toMatch(/ E[SD]T$/);
  });

  it("is for the owner and hosts only: a guest gets 403, a stranger 404 for a private experience, 403 for a public one", async () => {
    const { event, host, guest, stranger } = await crew({ privacy: "PRIVATE" });
    expect((await exportOf(host.token, event.id, { format: "xlsx" })).status).toBe(200);
    expect((await exportOf(guest.token, event.id)).status).toBe(403);
    expect((await exportOf(stranger.token, event.id)).status).toBe(404);
    const open = await crew({ privacy: "PUBLIC" });
    expect((await exportOf(open.stranger.token, open.event.id)).status).toBe(403);
  });

  it("refuses another format with 'format must be csv or xlsx'", async () => {
    const { event, owner } = await crew();
    const response = await apiAs(owner.token).api.rsvp.event[":eventId"].export.$get({
      param: { eventId: event.id },
      query: { format: "pdf" as "csv" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "format must be csv or xlsx" });
  });
});
