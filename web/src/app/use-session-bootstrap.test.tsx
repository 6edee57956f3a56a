import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session, type CurrentUser } from "../lib/session";
import { TOKEN_REFRESH_MS, useSessionBootstrap } from "./use-session-bootstrap";

const user: CurrentUser = { guid: "u1", firstName: "Ana", lastName: "Lima", emailId: "ana@example.com", organisation: "", bio: "", tags: [], profilePic: null };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function Probe() {
  const ready = useSessionBootstrap();
  return <p>{ready ? `ready:${session.user()?.firstName ?? "nobody"}` : "checking"}</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  session.clear();
});

describe("the session check on load", () => {
  it("refreshes the token, sets the user, and refreshes again every 14.5 minutes in the foreground", async () => {
    vi.useFakeTimers();
    session.save({ authToken: "a", refreshToken: "r" });
    const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(async () => json(200, { authToken: "a2", refreshToken: "r2", user }));
    render(<Probe />);
    expect(screen.getByText("checking")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("ready:Ana")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("proceeds with no user after a network failure, keeping the stored tokens", async () => {
    session.save({ authToken: "a", refreshToken: "r", user });
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    render(<Probe />);
    expect(await screen.findByText("ready:nobody")).toBeTruthy();
    expect(session.refreshToken()).toBe("r");
  });

  it("keeps the user signed in when a later 14.5-minute refresh meets a network failure", async () => {
    vi.useFakeTimers();
    session.save({ authToken: "a", refreshToken: "r" });
    const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(async () => json(200, { authToken: "a2", refreshToken: "r2", user }));
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("ready:Ana")).toBeTruthy();
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(session.user()?.firstName).toBe("Ana");
    expect(session.refreshToken()).toBe("r2");
  });

  it("clears the session when the refresh is refused", async () => {
    session.save({ authToken: "a", refreshToken: "r", user });
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(401, { error: "Your session has expired. Please sign in again." }));
    render(<Probe />);
    expect(await screen.findByText("ready:nobody")).toBeTruthy();
    expect(session.refreshToken()).toBeNull();
  });
});
