import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@worker/features/events/events.schema";
import { addDays, localDate } from "@worker/shared/time-zone";
import { refuse, server } from "@web/test/server";
import { CloneDialog } from "./clone-dialog";

const daysFromToday = (days: number) => addDays(localDate(Date.now(), "UTC"), days);

afterEach(() => vi.useRealTimers());

function openDialog(timeZone = "UTC") {
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
        <CloneDialog eventId="ev1" eventName="Douro Valley" initialPrivacy="PUBLIC" timeZone={timeZone} onClose={onClose} />
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

  it("sends a typed future date as the copy's first day, a plain local date the server reads in the experience's zone", async () => {
    const { received, onClose, date } = openDialog();
    fireEvent.change(date, { target: { value: daysFromToday(30) } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(received).toEqual([{ startDateTime: daysFromToday(30), privacy: "PUBLIC", name: "Douro Valley (copy)" }]);
  });

  it("offers the name 'Douro Valley (copy)', sends the one typed, and refuses an empty one with 'Name is required'", async () => {
    const { received, onClose } = openDialog();
    const name = screen.getByLabelText("Name") as HTMLInputElement;
    expect(name.value).toBe("Douro Valley (copy)");
    fireEvent.change(name, { target: { value: " " } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    expect(screen.getByText(MESSAGES.nameRequired)).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(received).toEqual([]);
    fireEvent.change(name, { target: { value: "Douro Valley 2027" } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(received).toEqual([{ startDateTime: daysFromToday(0), privacy: "PUBLIC", name: "Douro Valley 2027" }]);
  });

  it("judges 'today' on the experience's clock: at 20:00Z on Mar 12 a Tokyo experience (already Mar 13 there) refuses Mar 12", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2027-03-12T20:00:00Z") });
    const tokyo = openDialog("Asia/Tokyo");
    expect(tokyo.date.value).toBe("2027-03-13");
    fireEvent.change(tokyo.date, { target: { value: "2027-03-12" } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    expect(screen.getByText(MESSAGES.cloneNotPast)).toBeTruthy();
    expect(tokyo.received).toEqual([]);
  });

  it("shows the server's refusal in the dialog", async () => {
    const { date } = openDialog();
    server.use(http.post("/api/events/ev1/clone", () => refuse(400, MESSAGES.atMostOneYear)));
    fireEvent.change(date, { target: { value: daysFromToday(2) } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.atMostOneYear);
  });
});
