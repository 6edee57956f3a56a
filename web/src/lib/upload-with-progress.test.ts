import type { InferResponseType } from "hono/client";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { ApiError, type client } from "./api-client";
import { session } from "./session";
import { uploadWithProgress } from "./upload-with-progress";

type Refreshed = InferResponseType<(typeof client.auth)["refresh-user-token"]["$get"], 200>;

const MEDIA = "/api/feeds/ev1/media";
const video = () => new Blob([new Uint8Array(4096)], { type: "video/mp4" });

afterEach(() => session.clear());

describe("uploadWithProgress", () => {
  it("sends the body with its type and the bearer token, reporting 0% then 100%", async () => {
    session.save({ authToken: "token-1" });
    const seen: { authorization: string | null; type: string | null; bytes: number }[] = [];
    server.use(
      http.put(MEDIA, async ({ request }) => {
        seen.push({
          authorization: request.headers.get("Authorization"),
          type: request.headers.get("Content-Type"),
          bytes: (await request.arrayBuffer()).byteLength,
        });
        return HttpResponse.json({ mediaId: "m1" }, { status: 201 });
      }),
    );
    const progress: number[] = [];
    const response = await uploadWithProgress({ method: "PUT", url: MEDIA, body: video(), onProgress: (p) => progress.push(p) });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ mediaId: "m1" });
    expect(seen).toEqual([{ authorization: "Bearer token-1", type: "video/mp4", bytes: 4096 }]);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
  });

  it("sends a form with the multipart type and boundary the request writes, not a type of its own", async () => {
    const seen: { type: string | null; names: string[] }[] = [];
    server.use(
      http.post("/api/documents/event/ev1/common", async ({ request }) => {
        const form = await request.formData();
        seen.push({ type: request.headers.get("Content-Type"), names: form.getAll("files").map((file) => (file as File).name) });
        return HttpResponse.json([], { status: 201 });
      }),
    );
    const form = new FormData();
    form.append("files", new File(["%PDF-1.4"], "tickets.pdf", { type: "application/pdf" }));
    const response = await uploadWithProgress({ method: "POST", url: "/api/documents/event/ev1/common", body: form });
    expect(response.status).toBe(201);
    expect(seen).toEqual([{ type: expect.stringMatching(/^multipart\/form-data; ?boundary=/), names: ["tickets.pdf"] }]);
  });

  it("refreshes an expired session once and sends again with the new token", async () => {
    session.save({ authToken: "old", refreshToken: "r1" });
    const tokens: (string | null)[] = [];
    server.use(
      http.put<PathParams, never, ErrorBody | { mediaId: string }>(MEDIA, ({ request }) => {
        tokens.push(request.headers.get("Authorization"));
        return request.headers.get("Authorization") === "Bearer new"
          ? HttpResponse.json({ mediaId: "m1" }, { status: 201 })
          : refuse(401, "Unauthorized");
      }),
      http.get<PathParams, never, Refreshed>("/auth/refresh-user-token", () =>
        HttpResponse.json({ authToken: "new", refreshToken: "r2" } as Refreshed),
      ),
    );
    const response = await uploadWithProgress({ method: "PUT", url: MEDIA, body: video() });
    expect(response.status).toBe(201);
    expect(tokens).toEqual(["Bearer old", "Bearer new"]);
  });

  it("signs out when the session cannot be refreshed", async () => {
    session.save({ authToken: "old", refreshToken: "r1" });
    server.use(
      http.put<PathParams, never, ErrorBody>(MEDIA, () => refuse(401, "Unauthorized")),
      http.get<PathParams, never, ErrorBody>("/auth/refresh-user-token", () =>
        refuse(401, "Your session has expired. Please sign in again."),
      ),
    );
    await expect(uploadWithProgress({ method: "PUT", url: MEDIA, body: video() })).rejects.toBeInstanceOf(ApiError);
    expect(session.authToken()).toBeNull();
  });

  it("answers a refusal as a Response carrying the server's error, for data() to unwrap", async () => {
    server.use(http.put<PathParams, never, ErrorBody>(MEDIA, () => refuse(413, "Videos must be less than 100MB")));
    const response = await uploadWithProgress({ method: "PUT", url: MEDIA, body: video() });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Videos must be less than 100MB" });
  });

  it("fails as a network error when the connection drops", async () => {
    server.use(http.put(MEDIA, () => HttpResponse.error()));
    const failure = await uploadWithProgress({ method: "PUT", url: MEDIA, body: video() }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "ERR_NETWORK", status: 0 });
  });

  it("stops when its signal aborts, failing with the signal's AbortError rather than a network error", async () => {
    server.use(http.put(MEDIA, () => new Promise<Response>(() => {})));
    const controller = new AbortController();
    const sending = uploadWithProgress({ method: "PUT", url: MEDIA, body: video(), signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    controller.abort();
    expect(await sending).toMatchObject({ name: "AbortError" });
  });
});
