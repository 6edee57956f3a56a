import { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "@web/test/server";
import type { Changes, ChangeView } from "@worker/features/notifications/notifications.schema";
import { changesQueryOptions } from "./api/changes";
import { ChangesNote } from "./changes-note";
import { ChangesSince } from "./changes-since";
import { renderWithClient } from "./notifications.test-support";

const guestOf = { id: "e1", isOwner: false, isHost: false, isGuest: true };
const change = (seq: number, text: string): ChangeView => ({
  seq,
  kind: "itinerary",
  subjectType: "activity",
  subjectId: `a${seq}`,
  text,
  at: "2026-03-12T10:00:00.000Z",
  actorName: "Olga Owens",
});

/** The server answers `changes`; every PUT seen is recorded. */
function answer(changes: Changes) {
  const seen: number[] = [];
  server.use(
    http.get<PathParams, never, Changes>("/api/events/e1/changes", () => HttpResponse.json(changes)),
    http.put<PathParams, { seq: number }>("/api/events/e1/changes/seen", async ({ request }) => {
      const { seq } = await request.json();
      seen.push(seq);
      return HttpResponse.json({ seenSeq: seq });
    }),
  );
  return seen;
}

/** The page opens: the changes are fetched beside the experience, and are there when the itinerary paints. */
async function openedWith(changes: Changes) {
  const seen = answer(changes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.prefetchQuery(changesQueryOptions("e1"));
  renderWithClient(<ChangesNote event={guestOf} />, client);
  return seen;
}

const SEVEN = Array.from({ length: 7 }, (_, i) => change(20 - i, `Change ${20 - i}`));

describe("'What changed since you last looked'", () => {
  it("shows the first five changes above the itinerary, newest first, and 'Show all' the rest", async () => {
    await openedWith({ changes: SEVEN, lastSeq: 20, seenSeq: 10 });
    const note = screen.getByRole("region", { name: "What changed since you last looked" });
    expect(note.className).not.toContain("fixed");
    expect([...note.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Change 20",
      "Change 19",
      "Change 18",
      "Change 17",
      "Change 16",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Show all (7)" }));
    expect(note.querySelectorAll("li")).toHaveLength(7);
  });

  it("marks them seen up to the newest change with 'Dismiss', and goes", async () => {
    const seen = await openedWith({ changes: [change(12, "Coach to Sintra: 09:00 AM → 08:30 AM WET")], lastSeq: 14, seenSeq: 10 });
    expect(screen.getByText("Coach to Sintra: 09:00 AM → 08:30 AM WET")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("region", { name: "What changed since you last looked" })).toBeNull();
    await waitFor(() => expect(seen).toEqual([14]));
  });

  it("shows nothing on a first visit, and sets the marker silently", async () => {
    const seen = await openedWith({ changes: [], lastSeq: 9, seenSeq: null });
    await waitFor(() => expect(seen).toEqual([9]));
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("stays in the page's flow when the changes arrive after the itinerary painted, never a card over it, and marks nothing seen until dismissed", async () => {
    const seen = answer({ changes: SEVEN, lastSeq: 20, seenSeq: 10 });
    renderWithClient(<ChangesNote event={guestOf} />);
    const note = await screen.findByRole("region", { name: "What changed since you last looked" });
    expect(note.className).not.toContain("fixed");
    expect(seen).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(seen).toEqual([20]));
  });

  it("stays current: a line the server no longer gives (a request decided since) leaves the note when it is read again", async () => {
    answer({ changes: [change(12, "Ana Alves asked to join"), change(11, "Coach to Sintra is new")], lastSeq: 12, seenSeq: 10 });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery(changesQueryOptions("e1"));
    renderWithClient(<ChangesNote event={guestOf} />, client);
    expect(screen.getByText("Ana Alves asked to join")).toBeTruthy();
    answer({ changes: [change(11, "Coach to Sintra is new")], lastSeq: 13, seenSeq: 10 });
    await client.invalidateQueries({ queryKey: changesQueryOptions("e1").queryKey });
    await waitFor(() => expect(screen.queryByText("Ana Alves asked to join")).toBeNull());
    expect(screen.getByText("Coach to Sintra is new")).toBeTruthy();
  });
});

describe("'While you were offline'", () => {
  it("asks again when the network, just back, drops the first request, and says when the server has answered", async () => {
    let asked = 0;
    server.use(
      http.get<PathParams, never, Changes>("/api/events/e1/changes", () =>
        ++asked === 1 ? HttpResponse.error() : HttpResponse.json({ changes: [change(9, "Coach moved")], lastSeq: 9, seenSeq: 8 }),
      ),
    );
    let answered = 0;
    renderWithClient(
      <ChangesSince eventId="e1" since={8} heading="While you were offline" onDismiss={() => {}} onAnswered={() => answered++} />,
    );
    const panel = await screen.findByRole("region", { name: "While you were offline" }, { timeout: 3000 });
    expect(panel.textContent).toContain("Coach moved");
    expect(asked).toBe(2);
    expect(answered).toBe(1);
  });
});
