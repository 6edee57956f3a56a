import type { InferResponseType } from "hono/client";
import { delay, http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anExperience, aUser } from "@web/test/fixtures";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { ExperienceDetail, ExperienceListItem } from "@worker/features/experiences/experiences.schema";
import { client, data, errorMessage, NETWORK_ERROR_MESSAGE } from "./api-client";
import { session } from "./session";

type Refreshed = InferResponseType<(typeof client.auth)["refresh-user-token"]["$get"], 200>;

const listExperiences = () => data(client.api.events.$get({ query: {} }));
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable("the call succeeded"),
    (error: unknown) => error,
  );

afterEach(() => {
  vi.useRealTimers();
  session.clear();
});

describe("the API client", () => {
  it("sends the stored auth token as a bearer value", async () => {
    session.save({ authToken: "token-1" });
    let authorization: string | null = null;
    server.use(
      http.get<PathParams, never, ExperienceListItem[]>("/api/events", ({ request }) => {
        authorization = request.headers.get("Authorization");
        return HttpResponse.json([]);
      }),
    );
    await listExperiences();
    expect(authorization).toBe("Bearer token-1");
  });

  it("shows the server's error field", async () => {
    server.use(http.post<PathParams, never, ErrorBody>("/api/events", () => refuse(400, "Start date must be today or later")));
    const failure = await failureOf(
      data(
        client.api.events.$post({
          form: { name: "Lisbon", startIsoTime: "2020-01-01T00:00:00.000Z", endIsoTime: "2020-01-02T00:00:00.000Z" },
        }),
      ),
    );
    expect(errorMessage(failure)).toBe("Start date must be today or later");
  });

  it("shows 'Network Connection Timeout' for a network failure", async () => {
    server.use(http.get("/api/events", () => HttpResponse.error()));
    expect(errorMessage(await failureOf(listExperiences()))).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("shows 'Network Connection Timeout' after 30 seconds without an answer", async () => {
    vi.useFakeTimers();
    server.use(
      http.get("/api/events", async () => {
        await delay("infinite");
        return HttpResponse.json([]);
      }),
    );
    const pending = failureOf(listExperiences());
    await vi.advanceTimersByTimeAsync(30_000);
    expect(errorMessage(await pending)).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("gives up as a timeout when the call's own signal aborts, before its 30 seconds", async () => {
    server.use(
      http.get("/api/events", async () => {
        await delay("infinite");
        return HttpResponse.json([]);
      }),
    );
    const controller = new AbortController();
    const pending = failureOf(data(client.api.events.$get({ query: {} }, { init: { signal: controller.signal } })));
    controller.abort();
    const failure = await pending;
    expect(failure).toMatchObject({ code: "ECONNABORTED" });
    expect(errorMessage(failure)).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("on a 401 refreshes once and replays the failed request and every request queued meanwhile", async () => {
    session.save({ authToken: "old", refreshToken: "refresh-1" });
    let refreshes = 0;
    server.use(
      http.get<PathParams, never, Refreshed>("/auth/refresh-user-token", async () => {
        refreshes++;
        await delay(10);
        return HttpResponse.json({ authToken: "new", refreshToken: "refresh-2", user: aUser() });
      }),
      http.get<{ id: string }, never, ExperienceDetail | ErrorBody>("/api/events/:id", ({ request, params }) =>
        request.headers.get("Authorization") === "Bearer new" ? HttpResponse.json(anExperience({ id: params.id })) : refuse(401, "expired"),
      ),
    );
    const event = (id: string) => data(client.api.events[":id"].$get({ param: { id } }));
    const results = await Promise.all([event("a"), event("b"), event("c")]);
    expect(results.map((result) => result.id)).toEqual(["a", "b", "c"]);
    expect(refreshes).toBe(1);
    expect(session.refreshToken()).toBe("refresh-2");
  });

  it("clears everything and passes 'No refresh token available' on when there is no refresh token", async () => {
    session.save({ authToken: "old" });
    server.use(http.get<PathParams, never, ErrorBody>("/api/events", () => refuse(401, "expired")));
    expect(errorMessage(await failureOf(listExperiences()))).toBe("No refresh token available");
    expect(session.authToken()).toBeNull();
  });

  it("clears the session when the refresh fails", async () => {
    session.save({ authToken: "old", refreshToken: "bad" });
    server.use(
      http.get<PathParams, never, ErrorBody>("/api/events", () => refuse(401, "expired")),
      http.get<PathParams, never, ErrorBody>("/auth/refresh-user-token", () =>
        refuse(401, "Your session has expired. Please sign in again."),
      ),
    );
    expect(errorMessage(await failureOf(listExperiences()))).toBe("Your session has expired. Please sign in again.");
    expect(session.refreshToken()).toBeNull();
  });
});
