import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { DAY_MS, isoDate, MESSAGES } from "@worker/features/events/events.schema";
import { localToday } from "@web/lib/dates";
import { refuse, server } from "@web/test/server";
import { CloneDialog } from "./clone-dialog";

const daysFromToday = (days: number) => isoDate(Date.parse(`${localToday()}T00:00:00Z`) + days * DAY_MS);

function openDialog() {
  const received: unknown[] = [];
  server.use(
    http.post<PathParams>("/api/events/ev1/clone", async ({ request }) => {
      received.push(await request.json());
      return HttpResponse.json(
        { id: "ev2", name: "Copy", startTime: "2099-01-01T00:00:00.000Z", endTime: "2099-01-02T00:00:00.000Z", privacy: "PUBLIC" },
        { status: 201 },
      );
    }),
  );
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CloneDialog eventId="ev1" initialPrivacy="PUBLIC" onClose={onClose} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { received, onClose, date: screen.getByLabelText("Start date") as HTMLInputElement };
}

describe("Clone experience", () => {
  it("keeps a typed past date and says 'Clone date must be today or later' on the focused field, without calling the server", () => {
    Element.prototype.scrollIntoView = vi.fn();
    const { received, date } = openDialog();
    fireEvent.change(date, { target: { value: daysFromToday(-3) } });
    expect(date.value).toBe(daysFromToday(-3));
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    expect(screen.getByText(MESSAGES.cloneNotPast)).toBeTruthy();
    expect(document.activeElement).toBe(date);
    expect(received).toEqual([]);
  });

  it("sends a typed future date as the copy's first day at 00:00 UTC", async () => {
    const { received, onClose, date } = openDialog();
    fireEvent.change(date, { target: { value: daysFromToday(30) } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(received).toEqual([{ startDateTime: `${daysFromToday(30)}T00:00:00.000Z`, privacy: "PUBLIC" }]);
  });

  it("shows the server's refusal in the dialog", async () => {
    const { date } = openDialog();
    server.use(http.post("/api/events/ev1/clone", () => refuse(400, MESSAGES.atMostOneYear)));
    fireEvent.change(date, { target: { value: daysFromToday(2) } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.atMostOneYear);
  });
});
