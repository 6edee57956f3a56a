import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActivityTemplate } from "../api/pickers";
import { SearchTemplatesModal } from "./search-templates-modal";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

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
});

function answer(handler: (url: URL) => Response) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => handler(new URL(String(input), "http://test")));
}

const searchBox = () => screen.getByLabelText("Search activities");

describe("SearchTemplatesModal", () => {
  afterEach(() => vi.restoreAllMocks());

  it("asks for at least 2 characters and focuses the search box", async () => {
    const fetch = answer(() => json({ activities: [], page: 1, totalPages: 0, total: 0 }));
    wrap(<SearchTemplatesModal onClose={() => {}} onSelect={() => {}} />);
    expect(screen.getByRole("dialog", { name: "Search Activity Templates" })).toBeTruthy();
    expect(screen.getByText("Type at least 2 characters to search")).toBeTruthy();
    expect(document.activeElement).toBe(searchBox());
    fireEvent.change(searchBox(), { target: { value: "z" } });
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.getByText("Type at least 2 characters to search")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says when nothing matches", async () => {
    const fetch = answer(() => json({ activities: [], page: 1, totalPages: 0, total: 0 }));
    wrap(<SearchTemplatesModal onClose={() => {}} onSelect={() => {}} />);
    fireEvent.change(searchBox(), { target: { value: "zz" } });
    expect(await screen.findByText('No activities found for "zz"')).toBeTruthy();
    const url = new URL(String(fetch.mock.calls[0]![0]), "http://test");
    expect(url.pathname).toBe("/api/search/activity");
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: "zz", p: "1", l: "5" });
  });

  it("shows the spec's message when the search fails", async () => {
    answer(() => json({ error: "boom" }, 500));
    wrap(<SearchTemplatesModal onClose={() => {}} onSelect={() => {}} />);
    fireEvent.change(searchBox(), { target: { value: "walk" } });
    expect(await screen.findByText("Failed to search activities. Please try again.")).toBeTruthy();
  });

  it("loads more pages and picks a template", async () => {
    const fetch = answer((url) =>
      url.searchParams.get("p") === "1"
        ? json({ activities: [template("a1", "Walking tour")], page: 1, totalPages: 2, total: 2 })
        : json({ activities: [template("a2", "Walking dinner")], page: 2, totalPages: 2, total: 2 }),
    );
    const onSelect = vi.fn();
    const onClose = vi.fn();
    wrap(<SearchTemplatesModal onClose={onClose} onSelect={onSelect} />);
    fireEvent.change(searchBox(), { target: { value: "walk" } });
    expect(await screen.findByText("Walking tour")).toBeTruthy();
    expect(screen.getByText("09:30 AM – 02:00 PM")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Walking dinner")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).toBeNull());
    expect(new URL(String(fetch.mock.calls[1]![0]), "http://test").searchParams.get("p")).toBe("2");
    fireEvent.click(screen.getByRole("button", { name: /Walking dinner/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: "a2" }));
    expect(onClose).toHaveBeenCalled();
  });
});
