import { describe, expect, it } from "vitest";
import { DOCUMENT_MAX_REQUEST_BYTES, DOCUMENT_MESSAGES } from "@worker/features/documents/documents.schema";
import { INVITE_FILE_MAX_BYTES, RSVP_MESSAGES } from "@worker/features/rsvp/rsvp.schema";
import { errorOf } from "./client";
import { form } from "./files";
import { call, makeUser } from "./helpers";
import { SIZE_LIMITS, tooLargeMessage } from "@worker/lib/files";
import { FORM_ALLOWANCE } from "@worker/lib/upload-limit";

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
    const multipart = new Response(form({ file: new File([new Uint8Array(11 * 1024 * 1024)], "me.png") }));
    const headers = { "Content-Type": multipart.headers.get("Content-Type")! };
    const response = await call("/api/profile/profile-picture", {
      method: "POST",
      token: user.token,
      headers,
      body: multipart.body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe("The file is larger than 10 MB");
  });
});
