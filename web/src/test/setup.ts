import { Blob as NodeBlob, File as NodeFile } from "node:buffer";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { viewerTimeZone } from "@web/lib/viewer-time-zone";
import { server } from "./server";
import { readIn } from "./words";

// The reader's zone would be the machine's: every test reads UTC unless it names another (readerIn, ./viewer-zone.ts).
vi.mock("@web/lib/viewer-time-zone", () => ({ viewerTimeZone: vi.fn(() => "UTC") }));

// MSW answers through Node's own fetch, which reads only Node's FormData, File and Blob (jsdom's are
// opaque to it), so the page under test builds its uploads from Node's. Node's FormData is reached
// through a Response, as Node exports it from no module.
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
Object.assign(globalThis, { Blob: NodeBlob, File: NodeFile, FormData: NodeFormData });

// Every test reads English unless it switches (readIn; the catalogs are compiled by `npm run i18n:compile`).
await readIn("en");

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(async () => {
  await readIn("en");
  cleanup();
  vi.mocked(viewerTimeZone).mockReturnValue("UTC");
  localStorage.clear();
  server.resetHandlers();
});
afterAll(() => server.close());
