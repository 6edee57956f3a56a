import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import { anActivity, anAttendeeNumbered } from "@web/test/fixtures";
import { refuse, server } from "@web/test/server";
import type { SignupList } from "@worker/features/signups/signups.schema";
import { SignupsPanel } from "./signups-panel";

const LIST = "/api/events/ev1/programs/day1/activity/a1/signups";
const person = (n: number) => ({
  person: { guid: `g${n}`, firstName: "Guest", lastName: `Number${n}`, profilePic: null },
  emailId: `guest${n}@example.com`,
  signedUpAt: "2027-03-01T12:00:00.000Z",
});
const list = (going: number[], waiting: number[]): SignupList => ({
  capacity: 1,
  going: going.map(person),
  waiting: waiting.map((n, i) => ({ ...person(n), position: i + 1 })),
});

function show(initial: SignupList) {
  server.use(
    http.get(LIST, () => HttpResponse.json(initial)),
    http.get("/api/rsvp/event/ev1", () => HttpResponse.json([1, 2, 3, 4].map((n) => anAttendeeNumbered(n)))),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SignupsPanel
        activity={anActivity({ name: "Workshop" })}
        path={{ eventId: "ev1", dayId: "day1", activityId: "a1" }}
        onClose={() => {}}
      />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe("the organisers' sign-up list", () => {
  it("adds a guest found by name, who lands on the waitlist", async () => {
    let sent: unknown;
    server.use(
      http.post(LIST, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(list([1], [3]));
      }),
    );
    show(list([1], []));
    fireEvent.change(await screen.findByRole("searchbox", { name: "Add a guest" }), { target: { value: "number3" } });
    const found = await screen.findByRole("list", { name: "Guests found" });
    expect(within(found).queryByText("Guest Number1")).toBeNull();
    fireEvent.click(within(found).getByRole("button", { name: "Add Guest Number3" }));
    const waitlist = await screen.findByRole("list", { name: "Waitlist" });
    expect(within(waitlist).getByText("Guest Number3")).toBeTruthy();
    expect(sent).toEqual({ userId: "g3", allowOverlap: false });
  });

  it("sends the override when 'Add even if it clashes with their other sign-ups' is ticked, and shows a refusal in the server's words", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(LIST, async ({ request }) => {
        bodies.push(await request.json());
        return refuse(409, "Guest Number2 is already signed up for 'Golf' at the same time");
      }),
    );
    show(list([], []));
    fireEvent.click(await screen.findByRole("checkbox", { name: "Add even if it clashes with their other sign-ups" }));
    fireEvent.change(screen.getByRole("searchbox", { name: "Add a guest" }), { target: { value: "Number2" } });
    fireEvent.click(await screen.findByRole("button", { name: "Add Guest Number2" }));
    expect(await screen.findByText("Guest Number2 is already signed up for 'Golf' at the same time")).toBeTruthy();
    expect(bodies).toEqual([{ userId: "g2", allowOverlap: true }]);
  });

  it("gives someone waiting a place, moves them in the queue, and takes someone off", async () => {
    const calls: string[] = [];
    server.use(
      http.post(`${LIST}/g3/promote`, () => (calls.push("promote g3"), HttpResponse.json(list([1, 3], [2])))),
      http.put(`${LIST}/g2/position`, async ({ request }) => {
        calls.push(`move g2 ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(list([1], [2, 3]));
      }),
      http.delete(`${LIST}/g1`, () => (calls.push("remove g1"), HttpResponse.json(list([], [3, 2])))),
    );
    show(list([1], [3, 2]));
    const waitlist = await screen.findByRole("list", { name: "Waitlist" });
    expect((within(waitlist).getByRole("button", { name: "Move Guest Number3 up" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(waitlist).getByRole("button", { name: "Move Guest Number2 up" }));
    await screen.findByText("#2");
    fireEvent.click(within(screen.getByRole("list", { name: "Going" })).getByRole("button", { name: "Remove Guest Number1" }));
    await screen.findByText("Nobody has signed up yet.");
    fireEvent.click(within(screen.getByRole("list", { name: "Waitlist" })).getByRole("button", { name: "Give a place to Guest Number3" }));
    expect(await within(await screen.findByRole("list", { name: "Going" })).findByText("Guest Number3")).toBeTruthy();
    expect(calls).toEqual(['move g2 {"position":1}', "remove g1", "promote g3"]);
  });
});
