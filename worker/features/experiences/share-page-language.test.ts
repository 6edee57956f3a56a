import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "@worker/db/schema";
import { i18nFor } from "@worker/lib/i18n";
import { call, db, makeEvent, makeUser } from "@worker/test/helpers";

// Issue 37: the share page's HTML (first view, title, tags) in the visitor's language, else the experience's. It reads
// the built index.html (`npm test` builds before the Worker tests run).

const sharePage = (eventId: string, headers: Record<string, string> = {}) => call(`/itinerary/${eventId}`, { headers });

describe("the share page's language", () => {
  it("is the visitor's: a browser asking for Japanese gets lang='ja', Content-Language and the first view's words in Japanese", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const response = await sharePage(event.id, { "Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5" });
    const html = await response.text();
    expect(html).toMatch(/<html[^>]* lang="ja"/);
    expect(html).toMatch(/<html[^>]* dir="ltr"/);
    expect(response.headers.get("Content-Language")).toBe("ja");
    expect(response.headers.get("Vary")).toContain("Accept-Language");
    const shared = i18nFor("ja")._("Shared itinerary");
    expect(shared).not.toBe("Shared itinerary");
    expect(html).toContain(shared);
    expect(html).not.toContain(">Shared itinerary<");
  });

  it("is the experience's for a visitor who names none (a link preview's crawler): Arabic, right to left", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    await db().update(events).set({ language: "ar" }).where(eq(events.id, event.id));
    const response = await sharePage(event.id);
    const html = await response.text();
    expect(html).toMatch(/<html[^>]* lang="ar"/);
    expect(html).toMatch(/<html[^>]* dir="rtl"/);
    expect(html).toContain(i18nFor("ar")._("Shared itinerary"));
  });

  it("is English for a browser whose languages the app does not speak", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const html = await (await sharePage(event.id, { "Accept-Language": "tlh, sw;q=0.8" })).text();
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(html).toContain(">Shared itinerary<");
  });
});
