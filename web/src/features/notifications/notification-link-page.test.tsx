import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { NOTIFICATION_MESSAGES, type TokenStatus } from "@worker/features/notifications/notifications.schema";
import { NotificationLinkPage } from "./notification-link-page";

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/notifications", element: <NotificationLinkPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The server: the link names Ana's bulletins, on until a choice; every choice is recorded with its token. */
function answer(status?: () => Response) {
  const choices: { token: string; enabled: boolean }[] = [];
  let current: TokenStatus = { kind: "bulletins", email: "ana@example.com", enabled: true };
  server.use(
    http.get<PathParams, never, TokenStatus | ErrorBody>("/oapi/notifications", () => (status ? status() : HttpResponse.json(current))),
    http.put<PathParams, { enabled: boolean }, TokenStatus>("/oapi/notifications", async ({ request }) => {
      const { enabled } = await request.json();
      choices.push({ token: new URL(request.url).searchParams.get("token")!, enabled });
      current = { ...current, enabled };
      return HttpResponse.json(current);
    }),
  );
  return choices;
}

describe("the page a notification e-mail's stop link opens", () => {
  it("says 'You will no longer get e-mails about bulletins.' and stops them, once", async () => {
    const choices = answer();
    renderAt("/notifications?token=abc.def");
    expect(await screen.findByText("ana@example.com")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("You will no longer get e-mails about bulletins."));
    expect(choices).toEqual([{ token: "abc.def", enabled: false }]);
    expect(screen.getByRole("link", { name: "All notification settings" }).getAttribute("href")).toBe("/profile/notifications");
  });

  it("turns them back on with 'Get these e-mails again'", async () => {
    const choices = answer();
    renderAt("/notifications?token=abc.def");
    fireEvent.click(await screen.findByRole("button", { name: "Get these e-mails again" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("You will get e-mails about bulletins again."));
    expect(choices.map((choice) => choice.enabled)).toEqual([false, true]);
  });

  it(`shows '${NOTIFICATION_MESSAGES.badLink}' for a link the server refuses, and changes nothing`, async () => {
    const choices = answer(() => refuse(400, NOTIFICATION_MESSAGES.badLink));
    renderAt("/notifications?token=forged");
    expect(await screen.findByText(NOTIFICATION_MESSAGES.badLink)).toBeTruthy();
    expect(choices).toEqual([]);
  });

  it("shows the same without a token", () => {
    renderAt("/notifications");
    expect(screen.getByText(NOTIFICATION_MESSAGES.badLink)).toBeTruthy();
  });
});
