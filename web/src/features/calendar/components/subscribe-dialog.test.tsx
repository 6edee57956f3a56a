import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import { server } from "@web/test/server";
import type { CalendarFeed } from "@worker/features/calendar/calendar.schema";
import { FEED_RESET } from "../api/rotate-calendar-feed";
import { SubscribeButton } from "./subscribe-button";
import { RESET_WARNING } from "./subscribe-dialog";

const feedAt = (token: string): CalendarFeed => ({
  url: `https://experiences.example.com/oapi/calendar/${token}.ics`,
  webcalUrl: `webcal://experiences.example.com/oapi/calendar/${token}.ics`,
});

/** The API with a feed whose token changes on each reset; answers how many resets it took. */
function answerFeed() {
  let feed = feedAt("first");
  const rotations: number[] = [];
  server.use(
    http.get<PathParams, never, CalendarFeed>("/api/calendar/feed", () => HttpResponse.json(feed)),
    http.post<PathParams, never, CalendarFeed>("/api/calendar/feed/rotate", () => {
      rotations.push(rotations.length + 1);
      feed = feedAt(`second`);
      return HttpResponse.json(feed);
    }),
  );
  return rotations;
}

function renderButton() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SubscribeButton className="" />
      <Toaster />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Subscribe to calendar" }));
  return screen.getByRole("dialog", { name: "Subscribe to calendar" });
}

afterEach(() => vi.unstubAllGlobals());

describe("'Subscribe to calendar'", () => {
  it("offers the webcal link to open in the calendar app, the https link and the steps for Google, Apple and Outlook", async () => {
    answerFeed();
    const dialog = renderButton();
    const open = await within(dialog).findByRole("link", { name: "Open in your calendar app" });
    expect(open.getAttribute("href")).toBe(feedAt("first").webcalUrl);
    expect((within(dialog).getByRole("textbox", { name: "Calendar link" }) as HTMLInputElement).value).toBe(feedAt("first").url);
    expect(within(dialog).getByText(/Other calendars → \+ → From URL/)).toBeTruthy();
    expect(within(dialog).getByText(/File → New Calendar Subscription/)).toBeTruthy();
    expect(within(dialog).getByText(/Add calendar → Subscribe from web/)).toBeTruthy();
  });

  it("copies the https link with 'Copy link' and says so", async () => {
    answerFeed();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const dialog = renderButton();
    fireEvent.click(await within(dialog).findByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Link copied to clipboard")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(feedAt("first").url);
  });

  it("resets the link only after the confirmation, and shows the new one", async () => {
    const rotations = answerFeed();
    const dialog = renderButton();
    await within(dialog).findByRole("link", { name: "Open in your calendar app" });

    fireEvent.click(within(dialog).getByRole("button", { name: "Reset the link" }));
    const confirm = screen.getByRole("dialog", { name: "Reset the link?" });
    expect(within(confirm).getByText(RESET_WARNING)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Reset the link?" })).toBeNull();
    expect(rotations).toEqual([]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Reset the link" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Reset the link?" })).getByRole("button", { name: "Reset the link" }));
    expect(await screen.findByText(FEED_RESET)).toBeTruthy();
    expect(rotations).toEqual([1]);
    await waitFor(() =>
      expect(within(dialog).getByRole("link", { name: "Open in your calendar app" }).getAttribute("href")).toBe(feedAt("second").webcalUrl),
    );
    expect(screen.queryByRole("dialog", { name: "Reset the link?" })).toBeNull();
  });
});
