import { describe, expect, it } from "vitest";
import { i18nFor } from "@worker/lib/i18n";
import type { ScanResult } from "@worker/shared/checkin-view.schema";
import type { RunLocale } from "@worker/shared/locales";
import { formatTimeInZone } from "@worker/shared/time-zone";
import { apiAs } from "@worker/test/client";
import type { Scan } from "./checkin.schema";
import { addList, checkinCrew, reissue, scanOf, tokenOf } from "./checkin.test-support";

// A scan's reason is worded by the desk (the experience's room) in the scanner's language, its time in their format.

async function scannedIn(locale: RunLocale, token: string, eventId: string, scans: Scan[], listId = eventId): Promise<ScanResult[]> {
  const response = await apiAs(token).api.events[":eventId"].checkins.$post(
    { param: { eventId }, json: { listId, scans } },
    { headers: { "Accept-Language": locale } },
  );
  expect(response.status).toBe(200);
  return response.status === 200 ? (await response.json()).results : [];
}

describe("a scan's reason in the scanner's language", () => {
  it("answers an Arabic scanner in Arabic: already checked in (an Arabic clock, 'توقيت Lisbon'), not a pass, a replaced pass", async () => {
    const { owner, event, guestRsvp } = await checkinCrew();
    const token = await tokenOf(event.id, guestRsvp);
    const [first] = await scannedIn("ar", owner.token, event.id, [scanOf(token)]);
    const at = Date.parse(first!.checkin!.scannedAt);
    const time = formatTimeInZone(at, "Europe/Lisbon", i18nFor("ar"));
    expect(time).toContain("توقيت Lisbon");
    expect(time).not.toMatch(/AM|PM/);

    const [again, garbage] = await scannedIn("ar", owner.token, event.id, [scanOf(token, { device: "Gate 2" }), scanOf("not a pass")]);
    expect(again!.reason).toBe(`سُجّل دخوله بالفعل بواسطة Olga Silva في ${time}، Gate 1`);
    expect(garbage!.reason).toBe("ليس تصريحًا لهذه التجربة");

    expect((await reissue(owner.token, event.id, guestRsvp)).status).toBe(200);
    const [replaced] = await scannedIn("ar", owner.token, event.id, [scanOf(token)]);
    expect(replaced).toMatchObject({ verdict: "REVOKED", reason: "تم استبدال هذا التصريح بآخر أحدث" });
  });

  it("tells a German scanner when the list opens, on a 24-hour clock", async () => {
    const { owner, event, guestRsvp } = await checkinCrew();
    const opensAt = Date.now() + 3 * 3_600_000;
    const list = await (await addList(owner.token, event.id, { name: "Gala dinner", opensAt: new Date(opensAt).toISOString() })).json();
    const [early] = await scannedIn("de", owner.token, event.id, [scanOf(await tokenOf(event.id, guestRsvp))], list.id);
    const time = formatTimeInZone(opensAt, "Europe/Lisbon", i18nFor("de"));
    expect(time).toMatch(/^\d{2}:\d{2} /);
    expect(early).toMatchObject({ verdict: "INVALID", reason: `Diese Liste öffnet um ${time}` });
  });
});
