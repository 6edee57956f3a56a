import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useExperienceLive } from "@web/hooks/use-live";
import { FakeSocket, firstAttempt, startLiveTest, stopLiveTest } from "@web/hooks/use-live.test-support";
import { session } from "@web/lib/session";
import { aUser } from "@web/test/fixtures";
import { aPass, answerPass, attending } from "../pass.test-support";
import { PassCard } from "./pass-card";

/** The event page as far as the pass goes: its live socket, and the card. */
function Page() {
  useExperienceLive("ev1");
  return <PassCard event={attending()} manage={false} />;
}

beforeEach(() => {
  startLiveTest({ refuse: false });
  session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "u2" }) });
});
afterEach(() => {
  session.clear();
  stopLiveTest();
});

const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(50)));

it("reads the pass again when the live room says it changed: the gate's admission shows at once", async () => {
  let admitted = false;
  answerPass(() => aPass({ checkedInAt: admitted ? "2027-03-12T10:42:00.000Z" : null }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Page />
    </QueryClientProvider>,
  );
  await firstAttempt();
  await settle();
  expect(screen.getByText("Show it at the entrance")).toBeTruthy();

  admitted = true;
  act(() => FakeSocket.instances[0]!.receive(JSON.stringify({ type: "pass.changed", eventId: "ev1" })));
  await settle();
  expect(screen.getByText("Checked in 10:42 AM Lisbon time")).toBeTruthy();
});
