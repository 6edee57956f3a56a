import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readIn } from "@web/test/words";
import type { FeedPost } from "@worker/features/feed/feed.schema";
import { aPage, aPost, feedPages, installBrowserStubs, renderWithClient } from "../feed.test-support";
import type { FeedViewer } from "../viewer";
import { FeedList } from "./feed-list";

const ANA: FeedViewer = { kind: "participant", guid: "u2" };

async function showPost(post: FeedPost) {
  feedPages([aPage([post])]);
  renderWithClient(<FeedList eventId="ev1" source="api" viewer={ANA} />);
  return screen.findByRole("article", { name: /Maya Host/ });
}

beforeEach(installBrowserStubs);
afterEach(() => vi.unstubAllGlobals());

describe("a post in the reader's language", () => {
  it("words everything from the catalog (the pseudo-locale brackets it) and shows what people wrote as written", async () => {
    await readIn("en-XA");
    const article = await showPost(aPost({ likesCount: 2, commentCount: 1 }));
    // The pseudo-locale brackets the message's own words; a value (the author's name) may follow them.
    expect(article.getAttribute("aria-label")).toMatch(/^⟦.*⟧.*Maya Host|^⟦.*Maya Host.*⟧$/);
    expect(within(article).getByText("Sunset at the castle")).toBeTruthy();
    const like = within(article).getByRole("button", { name: /^⟦.*2/ });
    expect(like.getAttribute("aria-pressed")).toBe("false");
    expect(within(article).getByText(/^1⟦|^⟦.*1/)).toBeTruthy();
    expect(within(article).getByRole("textbox").getAttribute("placeholder")).toMatch(/^⟦.*⟧$/);
  });

  it("counts likes in the page's locale", async () => {
    const article = await showPost(aPost({ likesCount: 1234 }));
    expect(within(article).getByTestId("likes-count").textContent).toBe("1,234");
  });

  it("counts likes with the locale's digit grouping", async () => {
    await readIn("de");
    const article = await showPost(aPost({ likesCount: 1234 }));
    expect(within(article).getByTestId("likes-count").textContent).toBe("1.234");
  });
});
