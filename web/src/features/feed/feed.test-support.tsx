import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { vi } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import { server } from "@web/test/server";
import type { Comment, FeedPage, FeedPost } from "@worker/features/feed/feed.schema";

export const FEED = "/api/feeds/ev1";
export const OPEN_FEED = "/oapi/feeds/ev1";

const maya = { guid: "u1", firstName: "Maya", lastName: "Host", profilePic: null };
export const ana = { guid: "u2", firstName: "Ana", lastName: "Lima", profilePic: null };

/** A comment by Ana on post "p1". */
export const aComment = (overrides: Partial<Comment> = {}): Comment => ({
  id: "c1",
  comment: "Lovely!",
  owner: ana,
  createdAt: "2027-03-12T10:00:00.000Z",
  hidden: false,
  ...overrides,
});

/** Post "p1" of event "ev1" by Maya (guid u1): text only, no likes or comments unless given. */
export const aPost = (overrides: Partial<FeedPost> = {}): FeedPost => ({
  id: "p1",
  eventId: "ev1",
  title: "Sunset at the castle",
  media: null,
  mimeType: null,
  mediaMetadata: null,
  owner: maya,
  createdAt: "2027-03-12T09:00:00.000Z",
  likesCount: 0,
  selfLike: false,
  commentCount: 0,
  hidden: false,
  lastThreeComments: [],
  ...overrides,
});

export const aPage = (feeds: FeedPost[], overrides: Partial<FeedPage> = {}): FeedPage => ({
  feeds,
  page: 1,
  totalPages: 1,
  cursor: feeds.length ? "1000" : null,
  ...overrides,
});

/** Answers the feed's pages from `pages` (by `page`) and records each query string it was asked with. */
export function feedPages(pages: FeedPage[], path = FEED) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get<PathParams, never, FeedPage>(path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return HttpResponse.json(pages[Number(query.get("page") ?? 1) - 1] ?? aPage([]));
    }),
  );
  return asked;
}

/**
 * Answers the feed as the Worker does, from `posts` as they are when asked (a test may delete some between
 * pages): newest first; `before` keeps posts created at or before it, `page` counts pages from there.
 * Records each query string it was asked with.
 */
export function feedOf(posts: FeedPost[], path = FEED) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get<PathParams, never, FeedPage>(path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const [page, limit, before] = [Number(query.get("page") ?? 1), Number(query.get("limit") ?? 10), query.get("before")];
      const newestFirst = [...posts].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
      const cursor = before === null ? (newestFirst[0] ? Date.parse(newestFirst[0].createdAt) : null) : Number(before);
      if (cursor === null) return HttpResponse.json(aPage([]));
      const counted = newestFirst.filter((post) => Date.parse(post.createdAt) <= cursor);
      const feeds = counted.slice((page - 1) * limit, page * limit);
      return HttpResponse.json({ feeds, page, totalPages: Math.ceil(counted.length / limit), cursor: String(cursor) });
    }),
  );
  return asked;
}

/** Posts "Post {from}" onwards, each a minute older than the one before ("p{n}", newest first). */
export const numberedPosts = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    aPost({
      id: `p${from + i}`,
      title: `Post ${from + i}`,
      createdAt: new Date(Date.UTC(2027, 2, 12, 12) - (from + i) * 60_000).toISOString(),
    }),
  );

/** IntersectionObserver, absent from jsdom: a test says when the list's end comes within reach. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(node: Element) {
    this.observed.push(node);
  }
  disconnect() {
    FakeIntersectionObserver.instances = FakeIntersectionObserver.instances.filter((o) => o !== this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The reader scrolls to within the observer's margin of the end. */
  static reachEnd() {
    for (const observer of [...FakeIntersectionObserver.instances])
      observer.callback(
        observer.observed.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
        observer as unknown as IntersectionObserver,
      );
  }
}

export function installBrowserStubs() {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  Element.prototype.scrollIntoView = vi.fn();
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
}

export function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    ),
  };
}
