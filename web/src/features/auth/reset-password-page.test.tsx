import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { authPanel, useAuthPanelMode } from "@web/lib/auth-panel";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { ResetPasswordPage } from "./reset-password-page";

const INVALID = "This reset link is invalid or has expired.";

/** The page at `path`, and what the auth panel shows (the page opens it to ask for a new link). */
function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const PanelMode = () => <output data-testid="panel-mode">{useAuthPanelMode() ?? "closed"}</output>;
  const router = createMemoryRouter(
    [
      {
        path: "/reset-password/:resetPasswordId?",
        element: (
          <>
            <ResetPasswordPage />
            <PanelMode />
          </>
        ),
      },
      { path: "/", element: <p>Home page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The link check answers `check`; resets are recorded. */
function answer(check: () => Response) {
  const checked: string[] = [];
  const resets: unknown[] = [];
  server.use(
    http.get<{ id: string }, never, { valid: true } | ErrorBody>("/oapi/reset-password/:id", ({ params }) => {
      checked.push(params.id);
      return check();
    }),
    http.post<PathParams, { password: string; confirmPassword: string }, { success: true }>(
      "/oapi/resetpassword/:id",
      async ({ request }) => {
        resets.push(await request.json());
        return HttpResponse.json({ success: true });
      },
    ),
  );
  return { checked, resets };
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the reset-password page", () => {
  afterEach(() => authPanel.close());

  it("says 'This reset link is invalid or has expired.' before any password is typed, and offers a new link", async () => {
    const { checked } = answer(() => refuse(404, INVALID));
    renderAt("/reset-password/spent-link");
    expect(screen.getByRole("status", { name: "Checking your reset link" })).toBeTruthy();
    expect((await screen.findByRole("alert")).textContent).toBe(INVALID);
    expect(checked).toEqual(["spent-link"]);
    expect(screen.queryByLabelText("New Password")).toBeNull();
    expect(screen.queryByRole("button", { name: "Reset Password" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Request a new link" }));
    expect(screen.getByTestId("panel-mode").textContent).toBe("forgot-password");
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
  });

  it("shows the form for a usable link and resets the password with it", async () => {
    const { resets } = answer(() => HttpResponse.json({ valid: true }));
    renderAt("/reset-password/fresh-link");
    await screen.findByLabelText("New Password");
    fill("New Password", "linked-new-secret");
    fill("Confirm Password", "linked-new-secret");
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Password reset successfully! Redirecting to home page...")).toBeTruthy();
    expect(resets).toEqual([{ password: "linked-new-secret", confirmPassword: "linked-new-secret" }]);
    expect(await screen.findByText("Home page", undefined, { timeout: 3000 })).toBeTruthy();
  });

  it("still shows the form when the check itself fails, leaving the verdict to the reset", async () => {
    answer(() => new HttpResponse(null, { status: 500 }));
    renderAt("/reset-password/some-link");
    expect(await screen.findByLabelText("New Password")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says 'Invalid reset link' without an id, checks nothing, and goes home after 2 seconds", async () => {
    const { checked } = answer(() => HttpResponse.json({ valid: true }));
    renderAt("/reset-password");
    expect(screen.getByText("Invalid reset link")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Home page")).toBeTruthy(), { timeout: 3000 });
    expect(checked).toEqual([]);
  });
});
