import { act, render, screen } from "@testing-library/react";
import type { InferResponseType } from "hono/client";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { client } from "@web/lib/api-client";
import { session } from "@web/lib/session";
import { aUser } from "@web/test/fixtures";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { TOKEN_REFRESH_MS, useSessionBootstrap } from "./use-session-bootstrap";

type Refreshed = InferResponseType<(typeof client.auth)["refresh-user-token"]["$get"], 200>;

const user = aUser();

/** Answers every refresh with `answer`, counting the calls. */
function refreshAnswers(answer: () => Response) {
  const calls = { count: 0 };
  server.use(
    http.get<PathParams, never, Refreshed | ErrorBody>("/auth/refresh-user-token", () => {
      calls.count++;
      return answer();
    }),
  );
  return calls;
}
const refreshed = () => HttpResponse.json<Refreshed>({ authToken: "a2", refreshToken: "r2", user });

function Probe() {
  const ready = useSessionBootstrap();
  return <p>{ready ? `ready:${session.user()?.firstName ?? "nobody"}` : "checking"}</p>;
}

afterEach(() => {
  vi.useRealTimers();
  session.clear();
});

describe("the session check on load", () => {
  it("refreshes the token, sets the user, and refreshes again every 14.5 minutes in the foreground", async () => {
    vi.useFakeTimers();
    session.save({ authToken: "a", refreshToken: "r" });
    const calls = refreshAnswers(refreshed);
    render(<Probe />);
    expect(screen.getByText("checking")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("ready:Ana")).toBeTruthy();
    expect(calls.count).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    expect(calls.count).toBe(2);
  });

  it("proceeds with no user after a network failure, keeping the stored tokens", async () => {
    session.save({ authToken: "a", refreshToken: "r", user });
    refreshAnswers(() => HttpResponse.error());
    render(<Probe />);
    expect(await screen.findByText("ready:nobody")).toBeTruthy();
    expect(session.refreshToken()).toBe("r");
  });

  it("keeps the person on a device that is offline, so their kept experiences open", async () => {
    session.save({ authToken: "a", refreshToken: "r", user });
    refreshAnswers(() => HttpResponse.error());
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    render(<Probe />);
    expect(await screen.findByText("ready:Ana")).toBeTruthy();
    expect(session.refreshToken()).toBe("r");
    vi.restoreAllMocks();
  });

  it("keeps the user signed in when a later 14.5-minute refresh meets a network failure", async () => {
    vi.useFakeTimers();
    session.save({ authToken: "a", refreshToken: "r" });
    let online = true;
    const calls = refreshAnswers(() => (online ? refreshed() : HttpResponse.error()));
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("ready:Ana")).toBeTruthy();
    online = false;
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    expect(calls.count).toBe(2);
    expect(session.user()?.firstName).toBe("Ana");
    expect(session.refreshToken()).toBe("r2");
  });

  it("clears the session when the refresh is refused", async () => {
    session.save({ authToken: "a", refreshToken: "r", user });
    refreshAnswers(() => refuse(401, "Your session has expired. Please sign in again."));
    render(<Probe />);
    expect(await screen.findByText("ready:nobody")).toBeTruthy();
    expect(session.refreshToken()).toBeNull();
  });
});
