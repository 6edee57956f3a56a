import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import { catchDownloads } from "@web/test/downloads";
import { refuse, server } from "@web/test/server";
import { SignupsExport } from "./signups-export";

afterEach(() => vi.restoreAllMocks());

const EXPORT = "/api/events/ev1/programs/day1/activity/a1/signups/export";

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SignupsExport path={{ eventId: "ev1", dayId: "day1", activityId: "a1" }} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const choose = (item: string) => {
  fireEvent.click(screen.getByRole("button", { name: "Export sign-ups" }));
  fireEvent.click(screen.getByRole("menuitem", { name: item }));
};

describe("the sign-up list's Export menu", () => {
  it("downloads the activity's sign-ups as 'Excel (.xlsx)', under the name the server gives", async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(EXPORT, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return new HttpResponse(new Uint8Array([80, 75]), {
          headers: {
            "Content-Disposition": `attachment; filename="Atelier_"; filename*=UTF-8''Atelier%20%C3%A9t%C3%A9%20sign-ups%202027-01-10.xlsx`,
          },
        });
      }),
    );
    const saved = catchDownloads();
    show();
    choose("Excel (.xlsx)");
    await waitFor(() => expect(saved).toEqual(["Atelier été sign-ups 2027-01-10.xlsx"]));
    expect(Object.fromEntries(asked[0]!)).toEqual({ format: "xlsx" });
  });

  it("says 'Exporting sign-ups…' while the file is made, and tells the server's refusal in a toast", async () => {
    let answer: (response: Response) => void = () => {};
    server.use(http.get(EXPORT, () => new Promise<Response>((resolve) => (answer = resolve))));
    catchDownloads();
    show();
    choose("CSV");
    expect(await screen.findByRole("button", { name: "Exporting sign-ups…" })).toBeTruthy();
    answer(refuse(403, "You do not have permission to do this"));
    expect(await screen.findByText("You do not have permission to do this")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Export sign-ups" })).toBeTruthy();
  });
});
