import { afterEach, describe, expect, it, vi } from "vitest";
import { api, errorMessage, NETWORK_ERROR_MESSAGE } from "./api-client";
import { session } from "./session";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  session.clear();
});

describe("the API client", () => {
  it("sends the stored auth token as a bearer value", async () => {
    session.save({ authToken: "token-1" });
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, { ok: true }));
    await api("/api/events");
    const headers = new Headers(fetchMock.mock.calls[0]![1]!.headers);
    expect(headers.get("Authorization")).toBe("Bearer token-1");
  });

  it("shows the server's error field", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(400, { error: "Start date must be today or later" }));
    const failure = await api("/api/events", { method: "POST" }).catch((e) => e);
    expect(errorMessage(failure)).toBe("Start date must be today or later");
  });

  it("shows 'Network Connection Timeout' for a network failure", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    const failure = await api("/api/events").catch((e) => e);
    expect(errorMessage(failure)).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("shows 'Network Connection Timeout' after 30 seconds without an answer", async () => {
    vi.useFakeTimers();
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init!.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
    );
    const pending = api("/api/events").catch((e) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(errorMessage(await pending)).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("on a 401 refreshes once and replays the failed request and every request queued meanwhile", async () => {
    session.save({ authToken: "old", refreshToken: "refresh-1" });
    let refreshes = 0;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
      const auth = new Headers(init?.headers).get("Authorization");
      if (String(url) === "/auth/refresh-user-token") {
        refreshes++;
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { authToken: "new", refreshToken: "refresh-2" });
      }
      return auth === "Bearer new" ? json(200, { url }) : json(401, { error: "expired" });
    });
    const results = await Promise.all([api("/api/a"), api("/api/b"), api("/api/c")]);
    expect(results).toEqual([{ url: "/api/a" }, { url: "/api/b" }, { url: "/api/c" }]);
    expect(refreshes).toBe(1);
    expect(session.refreshToken()).toBe("refresh-2");
  });

  it("clears everything and passes 'No refresh token available' on when there is no refresh token", async () => {
    session.save({ authToken: "old" });
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(401, { error: "expired" }));
    const failure = await api("/api/events").catch((e) => e);
    expect(errorMessage(failure)).toBe("No refresh token available");
    expect(session.authToken()).toBeNull();
  });

  it("clears the session when the refresh fails", async () => {
    session.save({ authToken: "old", refreshToken: "bad" });
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(401, { error: "Your session has expired. Please sign in again." }));
    const failure = await api("/api/events").catch((e) => e);
    expect(errorMessage(failure)).toBe("Your session has expired. Please sign in again.");
    expect(session.refreshToken()).toBeNull();
  });
});
