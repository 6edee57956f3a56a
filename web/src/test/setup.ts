import { cleanup } from "@testing-library/react";
import { Blob as NodeBlob, File as NodeFile } from "node:buffer";
import { afterAll, afterEach, beforeAll } from "vitest";
import { server } from "./server";

// MSW answers through Node's own fetch, which reads only Node's FormData, File and Blob (jsdom's are
// opaque to it), so the page under test builds its uploads from Node's. Node's FormData is reached
// through a Response, as Node exports it from no module.
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
Object.assign(globalThis, { Blob: NodeBlob, File: NodeFile, FormData: NodeFormData });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  localStorage.clear();
  server.resetHandlers();
});
afterAll(() => server.close());
