import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "@worker/db/schema";
import { isBlank } from "@worker/shared/visible-text";
import { errorOf } from "./client";
import { addGuest, call, db, makeUser } from "./helpers";
import { addActivity, experience } from "./itinerary";
import { HOUR } from "./time";

/** Texts made only of what shows as nothing: NUL, zero-width space / non-joiner / joiner, word joiner and BOM, bidi controls, a Hangul filler, wide spaces. */
const INVISIBLE = ["\u0000", "\u200B\u200C\u200D", "\u2060\uFEFF", "\u202E\u202C\u2066\u2069", "\u3164", " \u00A0\u3000\t\n"];

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};

async function scene() {
  const owner = await makeUser();
  const guest = await makeUser();
  const { event, start, days } = await experience(owner.id, 2, { privacy: "PUBLIC" });
  await addGuest(event.id, guest, "YES");
  const activity = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
  const post = await call(`/api/feeds/${event.id}`, { method: "POST", token: guest.token, body: form({ title: "Hello" }) });
  const { id: postId } = await post.json<{ id: string }>();
  return { owner, guest, event, days, activity, postId };
}

describe("text made only of invisible characters", () => {
  it("is blank to every 'required' rule: experiences, days, activities, names, bulletins, forms, posts and comments", async () => {
    const { owner, guest, event, days, activity, postId } = await scene();
    const dayPath = `/api/events/${event.id}/programs/${days[0]!.id}`;
    const cases: [string, (text: string) => Promise<Response>, string][] = [
      [
        "experience name",
        (text) => call(`/api/events/${event.id}`, { method: "PUT", token: owner.token, json: { name: text } }),
        "Name is required",
      ],
      ["day name", (text) => call(dayPath, { method: "PUT", token: owner.token, json: { name: text } }), "Day name is required"],
      [
        "activity name",
        (text) => call(`${dayPath}/activity/${activity.id}`, { method: "PUT", token: owner.token, json: { name: text } }),
        "Name is required",
      ],
      [
        "first name",
        (text) => call("/api/profile/user", { method: "PUT", token: guest.token, json: { firstName: text } }),
        "First name is required",
      ],
      [
        "bulletin title",
        (text) =>
          call(`/api/bulletin/${event.id}`, { method: "POST", token: owner.token, body: form({ title: text, description: "News" }) }),
        "Title is required",
      ],
      [
        "feedback form title",
        (text) =>
          call(`/api/events/${event.id}/form`, {
            method: "POST",
            token: owner.token,
            json: { title: text, description: "How was it?", fields: [{ label: "Food" }] },
          }),
        "Title is required",
      ],
      [
        "post",
        (text) => call(`/api/feeds/${event.id}`, { method: "POST", token: guest.token, body: form({ title: text }) }),
        "Write something or add a photo or video",
      ],
      [
        "comment",
        (text) => call(`/api/feeds/${event.id}/${postId}/comment`, { method: "POST", token: guest.token, json: { comment: text } }),
        "Write a comment first",
      ],
    ];
    for (const [what, send, message] of cases) {
      for (const text of INVISIBLE) {
        const response = await send(text);
        expect([what, JSON.stringify(text), response.status, await errorOf(response)]).toEqual([what, JSON.stringify(text), 400, message]);
      }
    }
  });

  it("still lets visible text through when it holds joiners or marks, as emoji and scripts need", () => {
    expect(["👩‍💻", "a\u200Bb", "क्‍ष", "‏שלום", "·"].map(isBlank)).toEqual([false, false, false, false, false]);
    expect(INVISIBLE.map(isBlank)).toEqual(INVISIBLE.map(() => true));
  });
});

describe("text that is not valid Unicode", () => {
  it("refuses a lone surrogate with 400 'The text is not valid Unicode: it holds a lone surrogate' and stores nothing", async () => {
    const { owner, event } = await scene();
    for (const name of ["Lisbon \uD800", "\uDC00 trip", "a\uDBFFb"]) {
      const response = await call(`/api/events/${event.id}`, { method: "PUT", token: owner.token, json: { name } });
      expect([response.status, await errorOf(response)]).toEqual([400, "The text is not valid Unicode: it holds a lone surrogate"]);
    }
    const [row] = await db().select({ name: events.name }).from(events).where(eq(events.id, event.id));
    expect(row!.name).toBe(event.name);
  });

  it("keeps a well-formed pair (an emoji) as it was sent", async () => {
    const { owner, event } = await scene();
    const response = await call(`/api/events/${event.id}`, { method: "PUT", token: owner.token, json: { name: "Lisbon 🎉" } });
    expect(response.status).toBe(200);
    const [row] = await db().select({ name: events.name }).from(events).where(eq(events.id, event.id));
    expect(row!.name).toBe("Lisbon 🎉");
  });
});
