import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refuse, server } from "@web/test/server";
import type { FeedPost } from "@worker/features/feed/feed.schema";
import type { FeedReports } from "@worker/features/feed/moderation.schema";
import { aComment, aPage, aPost, ana, FEED, feedPages, installBrowserStubs, renderWithClient } from "../feed.test-support";
import type { FeedViewer } from "../viewer";
import { FeedList } from "./feed-list";
import { ReportedList } from "./reported-list";

const HOST: FeedViewer = { kind: "participant", guid: "u9", organiser: true };
const ANA: FeedViewer = { kind: "participant", guid: "u2" };

const noReports = (): FeedReports => ({ subjects: [], muted: [] });

async function showPost(post: FeedPost, viewer: FeedViewer, reports: FeedReports = noReports()) {
  feedPages([aPage([post])]);
  server.use(http.get<PathParams, never, FeedReports>(`${FEED}/reports`, () => HttpResponse.json(reports)));
  renderWithClient(<FeedList eventId="ev1" source="api" viewer={viewer} />);
  return screen.findByRole("article", { name: "Post by Maya Host" });
}

const openMenu = async (article: HTMLElement) => {
  fireEvent.click(within(article).getByRole("button", { name: "Post options" }));
  return screen.findAllByRole("menuitem");
};

beforeEach(installBrowserStubs);
afterEach(() => vi.unstubAllGlobals());

describe("the organisers' post menu", () => {
  it("offers 'Hide from guests', 'Mute Maya Host' and 'Delete' on anyone's post", async () => {
    const article = await showPost(aPost(), HOST);
    expect((await openMenu(article)).map((item) => item.textContent)).toEqual(["Hide from guests", "Mute Maya Host", "Delete"]);
  });

  it("marks the post 'Hidden from guests' at once, then offers 'Restore'", async () => {
    const sent: unknown[] = [];
    server.use(
      http.put<PathParams, { hidden: boolean }, FeedPost>(`${FEED}/p1/moderation`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(aPost({ hidden: true }));
      }),
    );
    const article = await showPost(aPost(), HOST);
    fireEvent.click((await openMenu(article))[0]!);
    expect(await within(article).findByText("Hidden from guests")).toBeTruthy();
    expect(await screen.findByText("Post hidden from guests")).toBeTruthy();
    expect(sent).toEqual([{ hidden: true }]);
    expect(within(article).getByRole("button", { name: "Restore" })).toBeTruthy();
  });

  it("takes the mark back and says why when hiding is refused", async () => {
    server.use(http.put(`${FEED}/p1/moderation`, () => refuse(403, "Only the owner and hosts can moderate this feed")));
    const article = await showPost(aPost(), HOST);
    fireEvent.click((await openMenu(article))[0]!);
    expect(await screen.findByText("Only the owner and hosts can moderate this feed")).toBeTruthy();
    await waitFor(() => expect(within(article).queryByText("Hidden from guests")).toBeNull());
  });

  it("offers 'Unmute Maya Host' once Maya is muted", async () => {
    const article = await showPost(aPost(), HOST, { subjects: [], muted: [aPost().owner] });
    await waitFor(async () => {
      fireEvent.keyDown(within(article).getByRole("button", { name: "Post options" }), { key: "Escape" });
      expect((await openMenu(article)).map((item) => item.textContent)).toContain("Unmute Maya Host");
    });
  });

  it("shows a hidden comment marked, with 'Restore'", async () => {
    const article = await showPost(aPost({ commentCount: 0, lastThreeComments: [aComment({ hidden: true })] }), HOST);
    expect(within(article).getByText("Hidden from guests")).toBeTruthy();
    expect(within(article).getByRole("button", { name: /^Restore Ana Lima's comment/ })).toBeTruthy();
  });
});

describe("reporting a post", () => {
  it("asks for a reason with focus in it, sends it, thanks the guest and gives focus back to the menu", async () => {
    const reasons: unknown[] = [];
    server.use(
      http.post<PathParams, { reason: string }>(`${FEED}/p1/report`, async ({ request }) => {
        reasons.push(await request.json());
        return HttpResponse.json({ reported: true as const }, { status: 201 });
      }),
    );
    const article = await showPost(aPost(), ANA);
    const menuButton = within(article).getByRole("button", { name: "Post options" });
    fireEvent.click((await openMenu(article))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Report post" });
    const reason = within(dialog).getByRole("textbox", { name: "Why are you reporting this?" });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    const send = within(dialog).getByRole("button", { name: "Send report" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: "  Spam  " } });
    fireEvent.click(send);
    expect(await screen.findByText("Thanks. The organisers will look at your report.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reasons).toEqual([{ reason: "Spam" }]);
    expect(document.activeElement).toBe(menuButton);
  });

  it("keeps the dialog open with the server's words when the guest already reported it", async () => {
    server.use(http.post(`${FEED}/p1/report`, () => refuse(409, "You have already reported this. The organisers have your report.")));
    const article = await showPost(aPost(), ANA);
    fireEvent.click((await openMenu(article))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Report post" });
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "Spam" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("You have already reported this. The organisers have your report.")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Report post" })).toBeTruthy();
  });
});

describe("the 'Reported' list", () => {
  const reported: FeedReports = {
    subjects: [
      {
        subjectId: "p1",
        kind: "post",
        postId: "p1",
        commentId: null,
        text: "Buy cheap watches",
        author: ana,
        authorMuted: false,
        hidden: false,
        count: 2,
        lastReportedAt: "2027-03-12T10:00:00.000Z",
        reports: [
          { reason: "Spam", reporter: { ...ana, guid: "u3", firstName: "Otto" }, createdAt: "2027-03-12T10:00:00.000Z" },
          { reason: "Advert", reporter: { ...ana, guid: "u4", firstName: "Ivy" }, createdAt: "2027-03-12T09:00:00.000Z" },
        ],
      },
    ],
    muted: [],
  };

  it("shows the count on its button, opens on the reasons, and drops a subject whose reports are dismissed", async () => {
    server.use(
      http.get<PathParams, never, FeedReports>(`${FEED}/reports`, () => HttpResponse.json(reported)),
      http.delete(`${FEED}/reports/p1`, () => HttpResponse.json({ success: true as const })),
    );
    renderWithClient(<ReportedList eventId="ev1" />);
    const toggle = await screen.findByRole("button", { name: /Reported/ });
    await waitFor(() => expect(within(toggle).getByLabelText("1 reported")).toBeTruthy());
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("2 reports", { exact: false })).toBeTruthy();
    expect(screen.getByText("Spam")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mute Ana Lima" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss reports" }));
    expect(await screen.findByText("Nothing is reported.")).toBeTruthy();
    expect(await screen.findByText("Reports dismissed")).toBeTruthy();
  });
});
