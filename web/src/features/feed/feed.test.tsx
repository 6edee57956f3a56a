import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useExperienceLive } from "@web/hooks/use-live";
import { feedKeys } from "@web/lib/queries/query-keys";
import { server } from "@web/test/server";
import type { Comment, FeedPost } from "@worker/features/feed/feed.schema";
import type { LiveTicket } from "@worker/features/live/live.schema";
import type { LiveMessage } from "@worker/live/protocol";
import { Feed } from "./feed";
import {
  aComment,
  aPage,
  aPost,
  FakeIntersectionObserver,
  FEED,
  feedOf,
  feedPages,
  installBrowserStubs,
  numberedPosts,
  renderWithClient,
} from "./feed.test-support";

/** The browser's WebSocket: it opens at once, and the test plays the room's messages into it. */
class LiveSocket extends EventTarget {
  static current: LiveSocket | null = null;
  readyState = 0;
  binaryType = "blob";
  constructor(readonly url: string) {
    super();
    LiveSocket.current = this;
    setTimeout(() => {
      this.readyState = 1;
      this.dispatchEvent(new Event("open"));
    }, 0);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

type RoomMessage = LiveMessage extends infer M ? (M extends LiveMessage ? Omit<M, "eventId"> : never) : never;

const send = (message: RoomMessage) =>
  act(() => void LiveSocket.current!.dispatchEvent(new MessageEvent("message", { data: JSON.stringify({ eventId: "ev1", ...message }) })));

function LiveFeed() {
  useExperienceLive("ev1");
  return <Feed eventId="ev1" source="api" viewer={{ kind: "participant", guid: "u2" }} timeZone="UTC" />;
}

/** Answers GET of single posts from `posts`. */
function singlePosts(posts: Record<string, FeedPost>) {
  server.use(http.get<{ feedId: string }, never, FeedPost>(`${FEED}/:feedId`, ({ params }) => HttpResponse.json(posts[params.feedId]!)));
}

async function renderLiveFeedWithClient(posts: FeedPost[]) {
  const asked = feedPages([aPage(posts)]);
  const { client } = renderWithClient(<LiveFeed />);
  await screen.findByText(posts[0]!.title);
  await waitFor(() => expect(LiveSocket.current?.readyState).toBe(1));
  return { asked, client };
}

const renderLiveFeed = async (posts: FeedPost[]) => (await renderLiveFeedWithClient(posts)).asked;

const titles = () => screen.getAllByRole("article").map((article) => article.querySelector("p.whitespace-pre-wrap")?.textContent);

/** Where the top of the list is: below the top of the screen (reading at the top) or above it (scrolled down). */
function listTopAt(top: number) {
  const real = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
    return this.getAttribute("aria-label") === "Newest posts"
      ? ({ top, bottom: top, left: 0, right: 0, width: 0, height: 0 } as DOMRect)
      : real.call(this);
  });
}

beforeEach(() => {
  installBrowserStubs();
  LiveSocket.current = null;
  vi.stubGlobal("WebSocket", LiveSocket);
  server.use(
    http.post<PathParams, never, LiveTicket>("/oapi/events/:eventId/live-ticket", () =>
      HttpResponse.json({ ticket: "t1", expiresAt: new Date(Date.now() + 60_000).toISOString() }),
    ),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the live feed", () => {
  it("updates a like count in place, without reading the list again", async () => {
    const asked = await renderLiveFeed([aPost({ likesCount: 1 })]);
    await send({ type: "like.changed", postId: "p1", likesCount: 42 });
    expect(await screen.findByRole("button", { name: "Like, 42 likes" })).toBeTruthy();
    expect(asked).toHaveLength(1);
  });

  it("updates a comment count in place and fetches that post alone for its latest comments", async () => {
    singlePosts({ p1: aPost({ commentCount: 1, lastThreeComments: [aComment({ comment: "Arrived live" })] }) });
    const asked = await renderLiveFeed([aPost()]);
    await send({ type: "comment.changed", postId: "p1", commentCount: 1 });
    expect(await screen.findByText("1 comment")).toBeTruthy();
    expect(await screen.findByText("Arrived live")).toBeTruthy();
    expect(asked).toHaveLength(1);
  });

  it("counts the reader's own comment once when its live count arrives before the server answers the comment", async () => {
    const three = [
      aComment({ id: "c1", comment: "One" }),
      aComment({ id: "c2", comment: "Two" }),
      aComment({ id: "c9", comment: "See you there" }),
    ];
    let answerComment!: () => void;
    let answerPost!: () => void;
    server.use(
      http.post<PathParams, never, Comment>(`${FEED}/p1/comment`, async () => {
        await new Promise<void>((resolve) => (answerComment = resolve));
        return HttpResponse.json(three[2]!, { status: 201 });
      }),
      http.get<PathParams, never, FeedPost>(`${FEED}/p1`, async () => {
        await new Promise<void>((resolve) => (answerPost = resolve));
        return HttpResponse.json(aPost({ commentCount: 3, lastThreeComments: three }));
      }),
    );
    await renderLiveFeed([aPost({ commentCount: 2, lastThreeComments: three.slice(0, 2) })]);
    fireEvent.change(screen.getByRole("textbox", { name: "Write a comment" }), { target: { value: "See you there" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(answerComment).toBeTypeOf("function"));

    await send({ type: "comment.changed", postId: "p1", commentCount: 3 });
    expect(await screen.findByText("3 comments")).toBeTruthy();
    answerComment();
    expect(await screen.findByText("See you there")).toBeTruthy();
    expect(screen.getByText("3 comments")).toBeTruthy();
    expect(screen.queryByText("4 comments")).toBeNull();

    answerPost();
    await waitFor(() => expect(screen.getAllByText("See you there")).toHaveLength(1));
    expect(screen.getByText("3 comments")).toBeTruthy();
  });

  it("removes a deleted post", async () => {
    await renderLiveFeed([aPost({ id: "p2", title: "Second" }), aPost()]);
    await send({ type: "feed.deleted", postId: "p2" });
    await waitFor(() => expect(screen.queryByText("Second")).toBeNull());
    expect(screen.getByText("Sunset at the castle")).toBeTruthy();
  });

  it("reads the list again on feed.refreshed, so a post the organisers hid leaves a guest's page without being named", async () => {
    await renderLiveFeed([aPost({ id: "p2", title: "Hidden now" }), aPost()]);
    feedPages([aPage([aPost()])]);
    await send({ type: "feed.refreshed" });
    await waitFor(() => expect(screen.queryByText("Hidden now")).toBeNull());
    expect(screen.getByText("Sunset at the castle")).toBeTruthy();
  });

  it("puts a new post at the top at once while the reader is at the top", async () => {
    singlePosts({ p2: aPost({ id: "p2", title: "Just arrived" }) });
    await renderLiveFeed([aPost()]);
    listTopAt(120);
    await send({ type: "feed.posted", postId: "p2" });
    await waitFor(() => expect(titles()).toEqual(["Just arrived", "Sunset at the castle"]));
    expect(screen.queryByRole("button", { name: /new post/ })).toBeNull();
  });

  it("holds new posts behind an 'N new posts' pill while the reader is scrolled down, and shows them at the top when pressed", async () => {
    singlePosts({ p2: aPost({ id: "p2", title: "Second arrival" }), p3: aPost({ id: "p3", title: "Third arrival" }) });
    await renderLiveFeed([aPost()]);
    listTopAt(-900);
    await send({ type: "feed.posted", postId: "p2" });
    expect(await screen.findByRole("button", { name: "1 new post" })).toBeTruthy();
    await send({ type: "feed.posted", postId: "p3" });
    const pill = await screen.findByRole("button", { name: "2 new posts" });
    expect(titles()).toEqual(["Sunset at the castle"]);

    fireEvent.click(pill);
    await waitFor(() => expect(titles()).toEqual(["Third arrival", "Second arrival", "Sunset at the castle"]));
    expect(screen.queryByRole("button", { name: /new post/ })).toBeNull();
    const top = screen.getByLabelText("Newest posts");
    expect(top.scrollIntoView).toHaveBeenCalled();
    expect(document.activeElement).toBe(top);
  });

  it("announces the pill politely to screen readers", async () => {
    singlePosts({ p2: aPost({ id: "p2", title: "Second arrival" }) });
    await renderLiveFeed([aPost()]);
    listTopAt(-900);
    const region = screen.getAllByRole("status").find((node) => node.getAttribute("aria-live") === "polite" && node.textContent === "")!;
    expect(region).toBeTruthy();
    await send({ type: "feed.posted", postId: "p2" });
    await waitFor(() => expect(region.textContent).toBe("1 new post"));
    expect(within(region).getByRole("button", { name: "1 new post" })).toBeTruthy();
  });

  it("does not count a waiting post once the list shows it another way (a refetch brought it)", async () => {
    singlePosts({ p2: aPost({ id: "p2", title: "Second arrival" }), p3: aPost({ id: "p3", title: "Third arrival" }) });
    const { client } = await renderLiveFeedWithClient([aPost()]);
    listTopAt(-900);
    await send({ type: "feed.posted", postId: "p2" });
    await send({ type: "feed.posted", postId: "p3" });
    await screen.findByRole("button", { name: "2 new posts" });

    feedPages([aPage([aPost({ id: "p2", title: "Second arrival" }), aPost()])]);
    await act(() => client.invalidateQueries({ queryKey: feedKeys.lists("ev1") }));
    await waitFor(() => expect(titles()).toEqual(["Second arrival", "Sunset at the castle"]));
    const pill = await screen.findByRole("button", { name: "1 new post" });

    fireEvent.click(pill);
    await waitFor(() => expect(titles()).toEqual(["Third arrival", "Second arrival", "Sunset at the castle"]));
  });

  it("takes a waiting post off the pill when it is deleted before being shown", async () => {
    singlePosts({ p2: aPost({ id: "p2", title: "Second arrival" }) });
    await renderLiveFeed([aPost()]);
    listTopAt(-900);
    await send({ type: "feed.posted", postId: "p2" });
    await screen.findByRole("button", { name: "1 new post" });
    await send({ type: "feed.deleted", postId: "p2" });
    expect(screen.queryByRole("button", { name: /new post/ })).toBeNull();
  });

  it("ignores the live arrival of a post the page already shows (the reader's own)", async () => {
    const fetched: string[] = [];
    server.use(
      http.get<{ feedId: string }>(`${FEED}/:feedId`, ({ params }) => {
        fetched.push(params.feedId);
        return HttpResponse.json(aPost());
      }),
    );
    await renderLiveFeed([aPost()]);
    await send({ type: "feed.posted", postId: "p1" });
    expect(within(screen.getByRole("list", { name: "Posts" })).getAllByRole("article")).toHaveLength(1);
    expect(fetched).toEqual([]);
  });
});

describe("paging the live feed", () => {
  it("shows the post that follows page 1 when a post of page 1 was deleted before scrolling on (the next page starts before the oldest post shown)", async () => {
    const posts = numberedPosts(1, 13);
    const asked = feedOf(posts);
    renderWithClient(<LiveFeed />);
    await screen.findByText("Post 10");
    await waitFor(() => expect(LiveSocket.current?.readyState).toBe(1));

    posts.splice(2, 1);
    await send({ type: "feed.deleted", postId: "p3" });
    await waitFor(() => expect(screen.queryByText("Post 3")).toBeNull());
    FakeIntersectionObserver.reachEnd();

    await screen.findByText("Post 13");
    expect(Object.fromEntries(asked[1]!)).toEqual({ page: "1", limit: "10", before: String(Date.parse(posts[8]!.createdAt) - 1) });
    expect(titles()).toEqual(posts.map((post) => post.title));
    expect(titles()).toContain("Post 11");
  });
});
