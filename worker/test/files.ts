import { env } from "cloudflare:workers";
import { storeFile } from "@worker/lib/files";
import { call, db } from "./helpers";

/** A 1x1 transparent PNG. */
export const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
/** The start of a JPEG and of a PDF: enough for the type sniffing. */
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
export const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF");

/** A multipart body, for uploads the typed client has no form type for and for values outside a route's types. */
export const form = (fields: Record<string, string | File | (string | File)[]>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return body;
};

/** POSTs the form to `path` streamed without a Content-Length (chunked), as a client may send it. */
export function postChunked(path: string, token: string, fields: Parameters<typeof form>[0]) {
  const multipart = new Response(form(fields));
  return call(path, {
    method: "POST",
    token,
    headers: { "Content-Type": multipart.headers.get("Content-Type")! },
    body: multipart.body,
    duplex: "half",
  } as RequestInit);
}

/** Stores a PNG as an upload would (under an event, or a user's own), answering its file id. */
export const storedPng = (owner: { eventId?: string; uploaderId: string | null }) =>
  storeFile(env, db(), { bytes: PNG, mimeType: "image/png", kind: "image", name: "pic.png" }, owner);
