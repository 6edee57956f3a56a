import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse, type PathParams } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authPanel } from "@web/lib/auth-panel";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { Comment, FeedPost } from "@worker/features/feed/feed.schema";
import { aComment, aPage, aPost, ana, FEED, feedPages, installBrowserStubs, OPEN_FEED, renderWithClient } from "../feed.test-support";
import type { FeedViewer } from "../viewer";
import { FeedList } from "./feed-list";

const MAYA: FeedViewer = { kind: "participant", guid: "u1" };
const ANA: FeedViewer = { kind: "participant", guid: "u2" };

async function showPost(post: FeedPost, viewer: FeedViewer = ANA) {
  const source = viewer.kind === "visitor" ? "oapi" : "api";
  const asked = feedPages([aPage([post])], source === "api" ? FEED : OPEN_FEED);
  renderWithClient(<FeedList eventId="ev1" source={source} viewer={viewer} />);
  const article = await screen.findByRole("article", { name: "Post by Maya Host" });
  return { article, asked };
}

const likeButton = (article: HTMLElement) => within(article).getByRole("button", { name: /^Like, / });

beforeEach(installBrowserStubs);
afterEach(() => vi.unstubAllGlobals());

describe("liking a post", () => {
  it("fills the heart and adds one at once, and keeps the server's count", async () => {
    let answer!: () => void;
    server.use(
      http.post<PathParams, never, { likesCount: number; selfLike: boolean }>(`${FEED}/p1/like`, async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ likesCount: 7, selfLike: true });
      }),
    );
    const { article, asked } = await showPost(aPost({ likesCount: 4 }));
    fireEvent.click(likeButton(article));
    // The server has not answered yet.
    await waitFor(() => expect(likeButton(article).getAttribute("aria-pressed")).toBe("true"));
    expect(likeButton(article).getAttribute("aria-label")).toBe("Like, 5 likes");
    answer();
    await waitFor(() => expect(likeButton(article).getAttribute("aria-label")).toBe("Like, 7 likes"));
    expect(asked).toHaveLength(1);
  });

  it("puts the heart and the count back when the like is refused", async () => {
    server.use(
      http.post<PathParams, never, ErrorBody>(`${FEED}/p1/like`, async () => {
        await delay(30);
        return refuse(404, "Post not found");
      }),
    );
    const { article } = await showPost(aPost({ likesCount: 3, selfLike: true }));
    fireEvent.click(likeButton(article));
    await waitFor(() => expect(likeButton(article).getAttribute("aria-pressed")).toBe("false"));
    expect(likeButton(article).getAttribute("aria-label")).toBe("Like, 2 likes");
    expect(await screen.findByText("Post not found")).toBeTruthy();
    expect(likeButton(article).getAttribute("aria-pressed")).toBe("true");
    expect(likeButton(article).getAttribute("aria-label")).toBe("Like, 3 likes");
  });

  it("asks a signed-out visitor to sign in instead", async () => {
    const open = vi.spyOn(authPanel, "open");
    const { article } = await showPost(aPost({ likesCount: 2 }), { kind: "visitor" });
    fireEvent.click(likeButton(article));
    expect(open).toHaveBeenCalledWith("login");
    fireEvent.click(within(article).getByRole("button", { name: "Comment" }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(within(article).queryByRole("textbox", { name: "Write a comment" })).toBeNull();
    expect(within(article).queryByRole("list", { name: /^Comments on/ })).toBeNull();
    open.mockRestore();
  });
});

describe("comments", () => {
  const comments = (count: number) => Array.from({ length: count }, (_, i) => aComment({ id: `c${i + 1}`, comment: `Comment ${i + 1}` }));

  it("shows the latest three and 'View all 5 comments', which loads them all", async () => {
    server.use(http.get<PathParams, never, Comment[]>(`${FEED}/p1/comment`, () => HttpResponse.json(comments(5))));
    const { article } = await showPost(aPost({ commentCount: 5, lastThreeComments: comments(5).slice(2) }));
    expect(within(article).queryByText("Comment 1")).toBeNull();
    expect(within(article).getByText("Comment 5")).toBeTruthy();
    fireEvent.click(within(article).getByRole("button", { name: "View all 5 comments" }));
    expect(await within(article).findByText("Comment 1")).toBeTruthy();
    expect(within(article).getAllByText(/^Comment \d$/)).toHaveLength(5);
    expect(within(article).queryByRole("button", { name: /View all/ })).toBeNull();
  });

  it("offers no 'View all' link with three comments or fewer", async () => {
    const { article } = await showPost(aPost({ commentCount: 3, lastThreeComments: comments(3) }));
    expect(within(article).queryByRole("button", { name: /View all/ })).toBeNull();
  });

  it("keeps Send disabled while the comment is blank, and adds a sent comment under the post", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post<PathParams, { comment: string }, Comment>(`${FEED}/p1/comment`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(aComment({ id: "c9", comment: "See you there" }), { status: 201 });
      }),
    );
    const { article } = await showPost(aPost());
    const box = within(article).getByRole("textbox", { name: "Write a comment" });
    const send = within(article).getByRole("button", { name: "Send" });
    expect(send).toHaveProperty("disabled", true);
    fireEvent.change(box, { target: { value: "   " } });
    expect(send).toHaveProperty("disabled", true);
    fireEvent.change(box, { target: { value: " See you there " } });
    fireEvent.click(send);
    expect(await within(article).findByText("See you there")).toBeTruthy();
    expect(sent).toEqual([{ comment: "See you there" }]);
    expect((box as HTMLInputElement).value).toBe("");
    expect(within(article).getByText("1 comment")).toBeTruthy();
  });

  it("lets only its author delete a comment, after a confirmation", async () => {
    server.use(
      http.delete(`${FEED}/p1/comment/c1`, () => HttpResponse.json({ success: true as const })),
      http.get<PathParams, never, FeedPost>(`${FEED}/p1`, () =>
        HttpResponse.json(
          aPost({ commentCount: 1, lastThreeComments: [aComment({ id: "c2", comment: "Theirs", owner: { ...ana, guid: "u3" } })] }),
        ),
      ),
    );
    const { article } = await showPost(
      aPost({ commentCount: 2, lastThreeComments: [aComment({ id: "c2", comment: "Theirs", owner: { ...ana, guid: "u3" } }), aComment()] }),
    );
    const deletes = within(article).getAllByRole("button", { name: /^Delete your comment/ });
    expect(deletes).toHaveLength(1);
    fireEvent.click(deletes[0]!);
    fireEvent.click(within(screen.getByRole("dialog", { name: "Delete comment" })).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(article).queryByText("Lovely!")).toBeNull());
    expect(within(article).getByText("Theirs")).toBeTruthy();
  });
});

describe("the post menu", () => {
  it("offers another participant only 'Report'", async () => {
    const { article } = await showPost(aPost(), ANA);
    fireEvent.click(within(article).getByRole("button", { name: "Post options" }));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual(["Report"]);
  });

  it("is hidden from a reader who is not a participant", async () => {
    const { article } = await showPost(aPost(), { kind: "reader" });
    expect(within(article).queryByRole("button", { name: "Post options" })).toBeNull();
  });

  it("deletes the author's post after a confirmation, and the post leaves the list", async () => {
    const deleted: string[] = [];
    server.use(
      http.delete<{ feedId: string }>(`${FEED}/:feedId`, ({ params }) => {
        deleted.push(params.feedId);
        return HttpResponse.json({ success: true as const });
      }),
    );
    const { article } = await showPost(aPost(), MAYA);
    const menuButton = within(article).getByRole("button", { name: "Post options" });
    fireEvent.keyDown(menuButton, { key: "ArrowDown" });
    const item = await screen.findByRole("menuitem", { name: "Delete" });
    await waitFor(() => expect(document.activeElement).toBe(item));
    fireEvent.click(item);
    const dialog = screen.getByRole("dialog", { name: "Delete post" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("article")).toBeNull());
    expect(deleted).toEqual(["p1"]);
    expect(await screen.findByText("Post deleted")).toBeTruthy();
  });

  it("moves focus to the next post once the author's post is deleted", async () => {
    server.use(http.delete(`${FEED}/p1`, () => HttpResponse.json({ success: true as const })));
    feedPages([aPage([aPost(), aPost({ id: "p2", title: "Next one", owner: ana })])]);
    renderWithClient(<FeedList eventId="ev1" source="api" viewer={MAYA} />);
    const own = await screen.findByRole("article", { name: "Post by Maya Host" });
    fireEvent.click(within(own).getByRole("button", { name: "Post options" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Delete post" })).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("article", { name: "Post by Ana Lima" })));
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });

  it("closes on Escape and gives focus back to its button", async () => {
    const { article } = await showPost(aPost(), MAYA);
    const menuButton = within(article).getByRole("button", { name: "Post options" });
    fireEvent.click(menuButton);
    const item = await screen.findByRole("menuitem", { name: "Delete" });
    fireEvent.keyDown(item, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });
});

describe("a post on a phone", () => {
  it("folds a long post to its first lines with 'More', which opens the rest in place", async () => {
    const long = Array.from({ length: 8 }, (_, i) => `Line ${i + 1} of the day's story`).join("\n");
    const { article } = await showPost(aPost({ title: long }));
    const text = within(article).getByText(/Line 1 of/);
    expect(text.className).toContain("line-clamp-5");
    fireEvent.click(within(article).getByRole("button", { name: "More" }));
    expect(text.className).not.toContain("line-clamp-5");
    expect(within(article).queryByRole("button", { name: "More" })).toBeNull();
  });

  it("shows a short post whole, its words before its photo, which takes at most 60% of the screen's height", async () => {
    const { article } = await showPost(aPost({ title: "Sunset at Belém", media: "/files/p.jpg", mimeType: "image/jpeg" }));
    expect(within(article).queryByRole("button", { name: "More" })).toBeNull();
    const words = within(article).getByText("Sunset at Belém");
    const media = within(article).getByTestId("post-media");
    expect(words.compareDocumentPosition(media) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(media.style.width).toContain("60dvh");
  });
});
