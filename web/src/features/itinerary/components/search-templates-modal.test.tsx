import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { ActivitySearchResult, ActivityTemplate } from "@worker/features/search/search.schema";
import { SearchTemplatesModal } from "./search-templates-modal";

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const template = (id: string, name: string): ActivityTemplate => ({
  id,
  name,
  subtitle: `${name} subtitle`,
  description: "",
  location: { structuredFormat: { mainText: { text: "Belem Tower" } } },
  image: null,
  startDateTime: "2026-05-01T09:30:00.000Z",
  endDateTime: "2026-05-01T14:00:00.000Z",
  timeZone: "UTC",
});

const found = (activities: ActivityTemplate[], page: number, totalPages: number, total: number) =>
  HttpResponse.json<ActivitySearchResult>({ activities, page, totalPages, total });
const nothing = () => found([], 1, 0, 0);

/** The template search, answered by `handler`; every search asked for is recorded. */
function answer(handler: (url: URL) => Response) {
  const searches: URL[] = [];
  server.use(
    http.get<PathParams, never, ActivitySearchResult | ErrorBody>("/api/search/activity", ({ request }) => {
      const url = new URL(request.url);
      searches.push(url);
      return handler(url);
    }),
  );
  return searches;
}

const searchBox = () => screen.getByLabelText("Search activities");

describe("SearchTemplatesModal", () => {
  it("asks for at least 2 characters and focuses the search box", async () => {
    const searches = answer(nothing);
    wrap(<SearchTemplatesModal timeZone="UTC" onClose={() => {}} onSelect={() => {}} />);
    expect(screen.getByRole("dialog", { name: "Search Activity Templates" })).toBeTruthy();
    expect(screen.getByText("Type at least 2 characters to search")).toBeTruthy();
    expect(document.activeElement).toBe(searchBox());
    fireEvent.change(searchBox(), { target: { value: "z" } });
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.getByText("Type at least 2 characters to search")).toBeTruthy();
    expect(searches).toHaveLength(0);
  });

  it("says when nothing matches", async () => {
    const searches = answer(nothing);
    wrap(<SearchTemplatesModal timeZone="UTC" onClose={() => {}} onSelect={() => {}} />);
    fireEvent.change(searchBox(), { target: { value: "zz" } });
    expect(await screen.findByText('No activities found for "zz"')).toBeTruthy();
    const url = searches[0]!;
    expect(url.pathname).toBe("/api/search/activity");
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: "zz", p: "1", l: "5" });
  });

  it("shows the spec's message when the search fails", async () => {
    answer(() => refuse(500, "boom"));
    wrap(<SearchTemplatesModal timeZone="UTC" onClose={() => {}} onSelect={() => {}} />);
    fireEvent.change(searchBox(), { target: { value: "walk" } });
    expect(await screen.findByText("Failed to search activities. Please try again.")).toBeTruthy();
  });

  it("loads more pages and picks a template", async () => {
    const searches = answer((url) =>
      url.searchParams.get("p") === "1"
        ? found([template("a1", "Walking tour")], 1, 2, 2)
        : found([template("a2", "Walking dinner")], 2, 2, 2),
    );
    const onSelect = vi.fn();
    const onClose = vi.fn();
    wrap(<SearchTemplatesModal timeZone="UTC" onClose={onClose} onSelect={onSelect} />);
    fireEvent.change(searchBox(), { target: { value: "walk" } });
    expect(await screen.findByText("Walking tour")).toBeTruthy();
    expect(screen.getByText("09:30 AM – 02:00 PM UTC")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Walking dinner")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).toBeNull());
    expect(searches[1]!.searchParams.get("p")).toBe("2");
    fireEvent.click(screen.getByRole("button", { name: /Walking dinner/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: "a2" }));
    expect(onClose).toHaveBeenCalled();
  });
});
