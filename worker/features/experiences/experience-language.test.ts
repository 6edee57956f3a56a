import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, programs } from "@worker/db/schema";
import { i18nFor } from "@worker/lib/i18n";
import { apiAs } from "@worker/test/client";
import { createEvent } from "@worker/test/experiences";
import { db, makeEvent, makeUser } from "@worker/test/helpers";
import { publicItinerary } from "@worker/test/itinerary";

// Issue 37: an experience has a language, what people without an account read it in (docs/languages.md).

const languageOf = async (eventId: string) => (await db().select().from(events).where(eq(events.id, eventId)))[0]!.language;

describe("an experience's language", () => {
  it("is the language its organiser's page is in when it is made, or the one the form names", async () => {
    const owner = await makeUser();
    const german = await createEvent(owner.token, {}, { "Accept-Language": "de" });
    expect(await languageOf((await german.json()).id)).toBe("de");
    const named = await createEvent(owner.token, { language: "ja" }, { "Accept-Language": "de" });
    expect(await languageOf((await named.json()).id)).toBe("ja");
    const plain = await createEvent(owner.token);
    expect(await languageOf((await plain.json()).id)).toBe("en");
  });

  it("names a new experience's days in its language", async () => {
    const owner = await makeUser();
    const created = await createEvent(owner.token, { language: "es" });
    const days = await db()
      .select()
      .from(programs)
      .where(eq(programs.eventId, (await created.json()).id))
      .orderBy(programs.dayIndex);
    expect(days.map((day) => day.name)).toEqual([1, 2, 3].map((number) => i18nFor("es")._("Day {number}", { number })));
    expect(days[0]!.name).not.toBe("Day 1");
  });

  it("is shown with the itinerary, and Settings changes it", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    expect(await publicItinerary(event.id)).toMatchObject({ language: "en" });
    const response = await apiAs(owner.token).api.events[":id"].$put({ param: { id: event.id }, json: { language: "ar" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ language: "ar" });
    expect(await publicItinerary(event.id)).toMatchObject({ language: "ar" });
  });

  it("answers 'Choose one of the languages the app offers' for one it does not speak, and keeps its own", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const response = await apiAs(owner.token).api.events[":id"].$put(
      // @ts-expect-error Klingon is not one of the twelve
      { param: { id: event.id }, json: { language: "tlh" } },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Choose one of the languages the app offers" });
    expect(await languageOf(event.id)).toBe("en");
  });
});
