import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DOCUMENT_MAX_REQUEST_BYTES, DOCUMENT_MESSAGES } from "@worker/features/documents/documents.schema";
import { INVITE_FILE_MAX_BYTES, RSVP_MESSAGES } from "@worker/features/rsvp/rsvp.schema";
import { SIZE_LIMITS, tooLargeMessage } from "@worker/lib/files";
import { FORM_ALLOWANCE } from "@worker/lib/upload-limit";
import { PICTURE_TOO_LARGE_MESSAGE } from "@worker/shared/picture-pixels";
import { errorOf } from "./client";
import { form, postChunked } from "./files";
import { addGuest, call, makeUser } from "./helpers";
import { addActivity, experience } from "./itinerary";
import { hugePng, jpeg } from "./media";
import { DAY, HOUR, iso, todayUtc } from "./time";

/** An owner's experience of one day with an activity, and a guest: somewhere for every kind of picture to go. */
async function scene() {
  const owner = await makeUser();
  const guest = await makeUser();
  const { event, start, days } = await experience(owner.id, 1);
  const activity = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
  await addGuest(event.id, guest);
  return { owner, guest, event, start, dayId: days[0]!.id, activityId: activity.id };
}
type Scene = Awaited<ReturnType<typeof scene>>;

const post = (path: string, token: string, fields: Record<string, string | File>) =>
  call(path, { method: "POST", token, body: form(fields) });

/** Every place a picture is taken, sending `file` as that place's form (or body) names it. */
const ENTRY_POINTS: [string, (s: Scene, file: File) => Promise<Response>][] = [
  ["an experience's cover", (s, file) => post(`/api/events/${s.event.id}/image`, s.owner.token, { file })],
  [
    "a new experience's cover",
    (s, file) =>
      post("/api/events", s.owner.token, {
        name: "Lisbon Retreat",
        startIsoTime: iso(todayUtc() + DAY),
        endIsoTime: iso(todayUtc() + 2 * DAY),
        isAIMode: "false",
        file,
      }),
  ],
  ["a day's image", (s, file) => post(`/api/events/${s.event.id}/programs/${s.dayId}/image`, s.owner.token, { file })],
  [
    "a new activity's image",
    (s, file) =>
      post(`/api/events/${s.event.id}/programs/${s.dayId}/activity`, s.owner.token, {
        name: "Walking tour",
        description: "Old town by foot",
        startIsoTime: iso(s.start + 12 * HOUR),
        endIsoTime: iso(s.start + 13 * HOUR),
        file,
      }),
  ],
  [
    "an activity's image",
    (s, file) => post(`/api/events/${s.event.id}/programs/${s.dayId}/activity/${s.activityId}/image`, s.owner.token, { file }),
  ],
  ["a profile picture", (s, file) => post("/api/profile/profile-picture", s.guest.token, { file })],
  ["a feed post's photo", (s, file) => post(`/api/feeds/${s.event.id}`, s.guest.token, { title: "Sunset", file })],
  [
    "a feed photo uploaded ahead of its post",
    async (s, file) => {
      const body = new Uint8Array(await file.arrayBuffer());
      return call(`/api/feeds/${s.event.id}/media`, {
        method: "PUT",
        token: s.guest.token,
        headers: { "Content-Length": String(body.byteLength) },
        body,
      });
    },
  ],
  [
    "a bulletin's image",
    (s, file) => post(`/api/bulletin/${s.event.id}`, s.owner.token, { title: "News", description: "Read on", image: file }),
  ],
  ["a common document", (s, file) => post(`/api/documents/event/${s.event.id}/common`, s.owner.token, { files: file })],
  ["a guest's own document", (s, file) => post(`/api/documents/event/${s.event.id}/user/${s.guest.id}`, s.owner.token, { files: file })],
];

/** The rows a picture could add, and the objects in R2: a refused picture leaves them all as they were. */
async function stored() {
  const tables = ["files", "events", "programs", "activities", "feed_posts", "bulletins", "documents"] as const;
  const counts = await env.DB.batch(tables.map((table) => env.DB.prepare(`select count(*) as n from ${table}`)));
  const rows = Object.fromEntries(tables.map((table, i) => [table, (counts[i]!.results[0] as { n: number }).n]));
  const pictures = await env.DB.prepare("select count(*) as n from users where profile_pic_file_id is not null").first<{ n: number }>();
  return { ...rows, profilePictures: pictures!.n, objects: (await env.FILES.list()).objects.length };
}

describe("pictures over 50 megapixels, wherever pictures are taken", () => {
  it.each(ENTRY_POINTS)(
    "refuses as %s a 45-byte PNG claiming 30,000 × 30,000: 400 'Image is too large (at most 50 megapixels)', nothing stored",
    async (_, send) => {
      const s = await scene();
      const before = await stored();
      const response = await send(s, new File([hugePng(30_000, 30_000)], "plain.png", { type: "image/png" }));
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(PICTURE_TOO_LARGE_MESSAGE);
      expect(await stored()).toEqual(before);
    },
  );

  it.each(ENTRY_POINTS)("refuses as %s a JPEG whose frame header claims 10,000 × 6,000, storing nothing", async (_, send) => {
    const s = await scene();
    const before = await stored();
    const response = await send(s, new File([jpeg(10_000, 6_000, { progressive: true })], "pano.jpg", { type: "image/jpeg" }));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(PICTURE_TOO_LARGE_MESSAGE);
    expect(await stored()).toEqual(before);
  });

  it.each(ENTRY_POINTS)("takes as %s a picture of 7,000 × 7,000 (49 MP), just under the limit", async (_, send) => {
    const s = await scene();
    const before = await stored();
    const response = await send(s, new File([hugePng(7_000, 7_000)], "big.png", { type: "image/png" }));
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    expect((await stored()).objects).toBe(before.objects + 1);
  });
});

const id = () => crypto.randomUUID();

/** Every multipart route, its most bytes of files, and its words for a file too large. */
const ROUTES: [string, () => string, number, string][] = [
  ["a profile picture", () => "/api/profile/profile-picture", SIZE_LIMITS.image, tooLargeMessage("image")],
  ["a new experience (cover image or itinerary PDF)", () => "/api/events", SIZE_LIMITS.document, tooLargeMessage("document")],
  ["a generated experience's PDF", () => "/api/v2/cpai/experience/generate", SIZE_LIMITS.document, tooLargeMessage("document")],
  ["an experience's cover", () => `/api/events/${id()}/image`, SIZE_LIMITS.image, tooLargeMessage("image")],
  ["a day's image", () => `/api/events/${id()}/programs/${id()}/image`, SIZE_LIMITS.image, tooLargeMessage("image")],
  ["a new activity", () => `/api/events/${id()}/programs/${id()}/activity`, SIZE_LIMITS.image, tooLargeMessage("image")],
  ["an activity's image", () => `/api/events/${id()}/programs/${id()}/activity/${id()}/image`, SIZE_LIMITS.image, tooLargeMessage("image")],
  ["common documents", () => `/api/documents/event/${id()}/common`, DOCUMENT_MAX_REQUEST_BYTES, DOCUMENT_MESSAGES.requestTooLarge],
  ["a guest's documents", () => `/api/documents/event/${id()}/user/${id()}`, DOCUMENT_MAX_REQUEST_BYTES, DOCUMENT_MESSAGES.requestTooLarge],
  ["a guest list", () => "/api/rsvp/upload", INVITE_FILE_MAX_BYTES, RSVP_MESSAGES.fileTooLarge],
];

/** A small multipart body whose Content-Length claims `length`: refused by the claim, the body is never read. */
const claiming = (length: number) => {
  const multipart = new Response(form({ file: new File(["x"], "file.bin") }));
  return {
    headers: { "Content-Type": multipart.headers.get("Content-Type")!, "Content-Length": String(length) },
    body: multipart.body,
    duplex: "half",
  } as RequestInit;
};

describe("upload body limits", () => {
  it.each(ROUTES)(
    "refuses an upload of %s over its limit with 413 and its own words, before the form is read",
    async (_, path, maxBytes, message) => {
      const user = await makeUser();
      const response = await call(path(), { method: "POST", token: user.token, ...claiming(maxBytes + FORM_ALLOWANCE + 1) });
      expect(response.status).toBe(413);
      expect(await errorOf(response)).toBe(message);
    },
  );

  it("refuses a profile picture of 11 MB sent without a Content-Length (chunked) with 413 'The file is larger than 10 MB'", async () => {
    const user = await makeUser();
    const file = new File([new Uint8Array(11 * 1024 * 1024)], "me.png");
    const response = await postChunked("/api/profile/profile-picture", user.token, { file });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe("The file is larger than 10 MB");
  });
});
