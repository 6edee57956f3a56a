import { Blob as NodeBlob, File as NodeFile } from "node:buffer";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";

// The web project runs its files without isolation (vitest.config.ts): one jsdom worker keeps the libraries it loaded
// (React, Testing Library, MSW, zod: most of a file's start-up) from file to file. The app's own modules start afresh in
// each file, so no file sees another's session, toasts or stores.
vi.resetModules();
const { viewerTimeZone } = await import("@web/lib/viewer-time-zone");
const { server } = await import("./server");
const { readIn } = await import("./words");

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
  // A test's fake clock ends with it (requestAnimationFrame included), so no later test or file waits on a frozen one.
  vi.useRealTimers();
  vi.mocked(viewerTimeZone).mockReturnValue("UTC");
  localStorage.clear();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  // The next file in this worker gets an empty page and the browser's own getters (navigator.onLine and the like) back.
  document.body.replaceChildren();
  vi.restoreAllMocks();
});
