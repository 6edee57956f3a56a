import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { errorOf } from "@worker/test/client";
import { createEvent, storedCounts, storedItinerary } from "@worker/test/experiences";
import { call, makeUser } from "@worker/test/helpers";
import { experience } from "@worker/test/itinerary";
import { pdfWithLines } from "@worker/test/pdf";
import { GB, pdfBomb } from "@worker/test/pdf-bomb";
import { DAY, iso, todayUtc } from "@worker/test/time";
import { GENERATION_MESSAGES } from "./generator.schema";

// Issue "Safe to open to the public": a PDF whose streams inflate past the cap (a 1 MB deflate stream can hold 1 GB)
// is refused before pdf.js, which would hold all of it in the Worker's 128 MB, reads it.

const start = todayUtc() + DAY;
const aiForm = { startIsoTime: iso(start), endIsoTime: iso(start + 3 * DAY), isAIMode: "true" } as const;
const pdf = (bytes: Uint8Array) => new File([bytes], "agenda.pdf", { type: "application/pdf" });
const TOO_LARGE = GENERATION_MESSAGES.pdfContentTooLarge;

describe("POST /api/events in AI mode with a PDF bomb", () => {
  it(`refuses a PDF whose 1 GB stream would inflate past the cap with '${TOO_LARGE}' within 5 seconds, creating nothing`, async () => {
    const owner = await makeUser();
    const before = await storedCounts();
    const started = Date.now();
    const response = await createEvent(owner.token, { ...aiForm, file: pdf(pdfBomb(GB)) });
    const elapsed = Date.now() - started;
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(TOO_LARGE);
    expect(elapsed).toBeLessThan(5000);
    expect(await storedCounts()).toEqual(before);
    expect((await env.FILES.list()).objects).toEqual([]);
  });

  it(`refuses a 4 GB stream and one inflated through two FlateDecode layers with '${TOO_LARGE}', creating nothing`, async () => {
    const owner = await makeUser();
    const before = await storedCounts();
    for (const bomb of [pdfBomb(4 * GB), pdfBomb(GB, 2)]) {
      const response = await createEvent(owner.token, { ...aiForm, prompt: "Three days in Lisbon", file: pdf(bomb) });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(TOO_LARGE);
    }
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses two bombs sent at once, both", async () => {
    const [one, two] = await Promise.all([makeUser(), makeUser()]);
    const before = await storedCounts();
    const responses = await Promise.all([
      createEvent(one.token, { ...aiForm, file: pdf(pdfBomb(4 * GB)) }),
      createEvent(two.token, { ...aiForm, file: pdf(pdfBomb(GB)) }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(TOO_LARGE);
    }
    expect(await storedCounts()).toEqual(before);
  });

  it("answers public itinerary reads while it refuses a 4 GB bomb: they do not wait for the refusal", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id, 3, { privacy: "PUBLIC" });
    let refused = false;
    const refusal = createEvent(owner.token, { ...aiForm, file: pdf(pdfBomb(4 * GB)) }).finally(() => (refused = true));
    const answeredMeanwhile: number[] = [];
    for (let reads = 0; !refused && reads < 1000; reads++) {
      const response = await call(`/oapi/itinerary/${event.id}`);
      await response.text();
      if (!refused) answeredMeanwhile.push(response.status);
    }
    const response = await refusal;
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(TOO_LARGE);
    // A scan that kept the event loop to itself would let one read through at most, before it began.
    expect(answeredMeanwhile.length).toBeGreaterThanOrEqual(3);
    expect(new Set(answeredMeanwhile)).toEqual(new Set([200]));
  });

  it("still reads a normal agenda PDF into its days", async () => {
    const owner = await makeUser();
    const agenda = pdfWithLines([
      ["Day 1", "09:00 Breakfast at the hotel"],
      ["Day 2", "10:30 - 12:00 Museum visit"],
    ]);
    const response = await createEvent(owner.token, { ...aiForm, file: pdf(agenda) });
    expect(response.status).toBe(201);
    const days = await storedItinerary((await response.json()).id);
    expect(days.map((day) => day.activities)).toEqual([["09:00-10:00 Breakfast at the hotel"], ["10:30-12:00 Museum visit"], []]);
  });
});
