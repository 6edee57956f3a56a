import { screen, within } from "@testing-library/react";
import { http, type PathParams } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { FEED_MESSAGES } from "@worker/features/feed/feed.schema";
import {
  aPage,
  aPost,
  FakeIntersectionObserver,
  FEED,
  feedOf,
  feedPages,
  installBrowserStubs,
  numberedPosts,
  OPEN_FEED,
  renderWithClient,
} from "../feed.test-support";
import { INFINITE_SCROLL_THRESHOLD_PX } from "../hooks/use-near-bottom";
import { FeedList } from "./feed-list";

const participant = { kind: "participant", guid: "u2" } as const;
const titles = () => screen.getAllByRole("article").map((article) => within(article).getByText(/^Post \d+$/).textContent);

beforeEach(installBrowserStubs);
afterEach(() => vi.unstubAllGlobals());

describe("the feed list", () => {
  it(`says '${FEED_MESSAGES.empty}' when nothing has been posted`, async () => {
    feedPages([aPage([])]);
    renderWithClient(<FeedList eventId="ev1" source="api" viewer={participant} />);
    expect(await screen.findByText(FEED_MESSAGES.empty)).toBeTruthy();
  });

  it(`says '${FEED_MESSAGES.loadFailed}' when the feed cannot be read`, async () => {
    server.use(http.get<PathParams, never, ErrorBody>(FEED, () => refuse(500, "boom")));
    renderWithClient(<FeedList eventId="ev1" source="api" viewer={participant} />);
    expect((await screen.findByRole("alert")).textContent).toBe(FEED_MESSAGES.loadFailed);
  });

  it("asks for ten posts a page and, within 50 px of the bottom, for the next ten created before the oldest one shown", async () => {
    const all = numberedPosts(1, 13);
    const asked = feedOf(all);
    renderWithClient(<FeedList eventId="ev1" source="api" viewer={participant} />);
    await screen.findByText("Post 10");
    expect(Object.fromEntries(asked[0]!)).toEqual({ page: "1", limit: "10" });
    expect(FakeIntersectionObserver.instances[0]?.options?.rootMargin).toBe(`0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px`);

    FakeIntersectionObserver.reachEnd();
    await screen.findByText("Post 13");
    expect(Object.fromEntries(asked[1]!)).toEqual({ page: "1", limit: "10", before: String(Date.parse(all[9]!.createdAt) - 1) });
    expect(titles()).toEqual(all.map((p) => p.title));
    FakeIntersectionObserver.reachEnd();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toHaveLength(2);
  });

  it("stops asking once the last page is shown", async () => {
    const asked = feedPages([aPage(numberedPosts(1, 2))]);
    renderWithClient(<FeedList eventId="ev1" source="api" viewer={participant} />);
    await screen.findByText("Post 2");
    FakeIntersectionObserver.reachEnd();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toHaveLength(1);
  });

  it("reads a public experience's feed through /oapi for a visitor", async () => {
    feedPages([aPage(numberedPosts(1, 1))], OPEN_FEED);
    renderWithClient(<FeedList eventId="ev1" source="oapi" viewer={{ kind: "visitor" }} />);
    expect(await screen.findByText("Post 1")).toBeTruthy();
  });

  it("shows each post's author, text and time", async () => {
    feedPages([aPage([aPost({ createdAt: new Date(Date.now() - 5 * 60_000).toISOString() })])]);
    renderWithClient(<FeedList eventId="ev1" source="api" viewer={participant} />);
    const post = await screen.findByRole("article", { name: "Post by Maya Host" });
    expect(within(post).getByText("Sunset at the castle")).toBeTruthy();
    expect(within(post).getByText("5 min. ago")).toBeTruthy();
  });

  it.each([
    [
      "a landscape photo in its own proportions",
      aPost({ media: "/files/a", mimeType: "image/jpeg", mediaMetadata: { width: 1200, height: 800 } }),
      1.5,
    ],
    ["a photo without metadata as a square", aPost({ media: "/files/a", mimeType: "image/png", mediaMetadata: null }), 1],
    ["a video without metadata at 16/9", aPost({ media: "/files/v", mimeType: "video/mp4", mediaMetadata: null }), 16 / 9],
    [
      "a very tall photo at portrait 9/16",
      aPost({ media: "/files/a", mimeType: "image/jpeg", mediaMetadata: { width: 500, height: 2000 } }),
      9 / 16,
    ],
  ])("reserves the box of %s before it loads", async (_, post, aspect) => {
    feedPages([aPage([post])]);
    renderWithClient(<FeedList eventId="ev1" source="api" viewer={participant} />);
    expect(Number.parseFloat((await screen.findByTestId("post-media")).style.aspectRatio)).toBeCloseTo(aspect, 4);
  });

  it("plays a video inline with controls, loading only its metadata first", async () => {
    feedPages([aPage([aPost({ media: "/files/v", mimeType: "video/mp4", mediaMetadata: { width: 1080, height: 1920 } })])]);
    renderWithClient(<FeedList eventId="ev1" source="api" viewer={participant} />);
    const video = (await screen.findByTestId("post-media")).querySelector("video")!;
    expect(video.hasAttribute("controls")).toBe(true);
    expect(video.hasAttribute("playsinline")).toBe(true);
    expect(video.getAttribute("preload")).toBe("metadata");
  });

  it("offers another try when a later page fails", async () => {
    feedPages([aPage(numberedPosts(1, 10), { totalPages: 2 })]);
    renderWithClient(<FeedList eventId="ev1" source="api" viewer={participant} />);
    await screen.findByText("Post 10");
    server.use(http.get<PathParams, never, ErrorBody>(FEED, () => refuse(500, "boom")));
    FakeIntersectionObserver.reachEnd();
    expect((await screen.findByRole("alert")).textContent).toContain(FEED_MESSAGES.loadFailed);
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
