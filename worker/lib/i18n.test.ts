import { describe, expect, it } from "vitest";
import { errorOf } from "@worker/test/client";
import { call, makeUser } from "@worker/test/helpers";

// The answers below read the German and Japanese catalogs, which hold these messages once the helpers' draft
// translations are merged into worker/locales/*.po.
describe("errors in the caller's language", () => {
  it("answers Accept-Language: de in German, a rule's field named as the API names it", async () => {
    const signedOut = await call("/api/rsvp", { method: "PUT", json: {}, headers: { "Accept-Language": "de" } });
    expect(signedOut.status).toBe(401);
    expect(await errorOf(signedOut)).toBe("Bitte melden Sie sich an, um fortzufahren.");

    const owner = await makeUser();
    const invalid = await call("/api/rsvp", { method: "PUT", token: owner.token, json: {}, headers: { "Accept-Language": "de" } });
    expect(invalid.status).toBe(400);
    expect(await errorOf(invalid)).toBe("eventId ist erforderlich");
  });

  it("answers Accept-Language: ja,en;q=0.5 in Japanese", async () => {
    const headers = { "Accept-Language": "ja,en;q=0.5" };
    const signedOut = await call("/api/rsvp", { method: "PUT", json: {}, headers });
    expect(signedOut.status).toBe(401);
    expect(await errorOf(signedOut)).toBe("続行するにはサインインしてください。");

    const owner = await makeUser();
    const invalid = await call("/api/rsvp", { method: "PUT", token: owner.token, json: {}, headers });
    expect(await errorOf(invalid)).toBe("eventId は必須です");
  });

  it("words the plain refusals in the caller's language: an unknown API path in Japanese, a body that is no object in German", async () => {
    const unknown = await call("/oapi/nothing-here", { headers: { "Accept-Language": "ja" } });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe("見つかりません");

    const owner = await makeUser();
    const list = await call("/api/rsvp", { method: "PUT", token: owner.token, json: [], headers: { "Accept-Language": "de" } });
    expect(list.status).toBe(400);
    expect(await errorOf(list)).toBe("Der Anfrageinhalt muss ein Objekt sein");
  });

  it("keeps English for a caller who asks for it, and for one whose languages the product does not speak", async () => {
    const owner = await makeUser();
    for (const language of ["en", "sw, tlh;q=0.8"]) {
      const invalid = await call("/api/rsvp", { method: "PUT", token: owner.token, json: {}, headers: { "Accept-Language": language } });
      expect(await errorOf(invalid)).toBe("eventId is required");
    }
  });
});
