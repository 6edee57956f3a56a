import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { UNSUBSCRIBE_MESSAGES, type UnsubscribeChoice, type UnsubscribeStatus } from "@worker/features/unsubscribe/unsubscribe.schema";
import { UnsubscribePage } from "./unsubscribe-page";

const SUBSCRIBED: UnsubscribeStatus = { email: "ana@example.com", experienceName: "Lisbon Food Week", experience: false, everyone: false };

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/unsubscribe", element: <UnsubscribePage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The server: reads answer `status`, saves answer `save` (by default what was chosen); both are recorded. */
function answer(status: () => Response, save?: () => Response | Promise<Response>) {
  const tokens: string[] = [];
  const saved: UnsubscribeChoice[] = [];
  let current = SUBSCRIBED;
  server.use(
    http.get<PathParams, never, UnsubscribeStatus | ErrorBody>("/oapi/unsubscribe", ({ request }) => {
      tokens.push(new URL(request.url).searchParams.get("token")!);
      return status();
    }),
    http.put<PathParams, UnsubscribeChoice, UnsubscribeStatus | ErrorBody>("/oapi/unsubscribe", async ({ request }) => {
      const choice = await request.json();
      saved.push(choice);
      if (save) return save();
      current = { ...current, ...choice };
      return HttpResponse.json(current);
    }),
  );
  return { tokens, saved };
}

const box = (name: RegExp) => screen.getByRole<HTMLInputElement>("checkbox", { name });

describe("the unsubscribe page", () => {
  it("changes nothing by opening: it reads the link's address and experience, both boxes unticked", async () => {
    const { tokens, saved } = answer(() => HttpResponse.json(SUBSCRIBED));
    renderAt("/unsubscribe?token=abc.def");
    expect(await screen.findByText("ana@example.com")).toBeTruthy();
    expect(tokens).toEqual(["abc.def"]);
    expect(box(/Stop invitations and reminders for “Lisbon Food Week”/).checked).toBe(false);
    expect(box(/Stop invitations from everyone/).checked).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("You receive invitations and reminders from hosts who invite this address.");
    expect(saved).toEqual([]);
  });

  it("saves a box as it is ticked, and says where the address stands", async () => {
    const { saved } = answer(() => HttpResponse.json(SUBSCRIBED));
    renderAt("/unsubscribe?token=abc.def");
    fireEvent.click(await screen.findByRole("checkbox", { name: /Lisbon Food Week/ }));
    // Ticked in the click itself, before the save answers.
    expect(box(/Lisbon Food Week/).checked).toBe(true);
    await waitFor(() => expect(saved).toEqual([{ experience: true, everyone: false }]));
    expect(screen.getByRole("status").textContent).toBe("You will get no more invitations or reminders for “Lisbon Food Week”.");

    fireEvent.click(box(/everyone/));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({ experience: true, everyone: true });
    expect(screen.getByRole("status").textContent).toBe("You will get no invitations or reminders from anyone on Experiences.");
  });

  it("puts a box back and says why when the save fails", async () => {
    answer(
      () => HttpResponse.json(SUBSCRIBED),
      () => refuse(400, UNSUBSCRIBE_MESSAGES.badLink),
    );
    renderAt("/unsubscribe?token=abc.def");
    fireEvent.click(await screen.findByRole("checkbox", { name: /everyone/ }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", UNSUBSCRIBE_MESSAGES.badLink);
    expect(box(/everyone/).checked).toBe(false);
  });

  it("shows the server's reason for a link it did not sign, and a way home", async () => {
    answer(() => refuse(400, UNSUBSCRIBE_MESSAGES.badLink));
    renderAt("/unsubscribe?token=forged");
    expect((await screen.findByRole("alert")).textContent).toBe(UNSUBSCRIBE_MESSAGES.badLink);
    expect(screen.getByRole("link", { name: "Go to Experiences" })).toBeTruthy();
  });

  it("says the link is not valid without asking the server when it has no token", () => {
    const { tokens } = answer(() => HttpResponse.json(SUBSCRIBED));
    renderAt("/unsubscribe");
    expect(screen.getByRole("alert").textContent).toBe(UNSUBSCRIBE_MESSAGES.badLink);
    expect(tokens).toEqual([]);
  });
});
