import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, type PathParams } from "msw";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refuse, server } from "@web/test/server";
import { RegisterDetailsStep } from "./register-details-step";
import { ResetByCodeStep } from "./reset-by-code-step";
import { ResetPasswordForm } from "./reset-password-form";

// On a phone the first bad field of a long form is often below the keyboard or out of the panel's view.
const scrolled = vi.fn();
beforeEach(() => {
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => {
  scrolled.mockReset();
  // jsdom has no scrollIntoView; only these tests add one.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

function renderForm(form: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{form}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

/** The field focused and scrolled into view after a refused submit, marked invalid with its message beside it. */
async function expectFocusedOn(label: string, message: string) {
  const field = screen.getByLabelText(label);
  await waitFor(() => expect(document.activeElement).toBe(field));
  expect(field.getAttribute("aria-invalid")).toBe("true");
  expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe(message);
  expect(scrolled.mock.contexts.at(-1)).toBe(field);
}

describe("a refused submit scrolls to and focuses the first invalid field", () => {
  it("in the register form: 'Password is required' below the names, then 'Passwords do not match'", async () => {
    renderForm(<RegisterDetailsStep email="maya@example.com" otpId="otp-1" onDone={() => {}} />);
    fill("First name", "Maya");
    fill("Last name", "Lopez");
    press("Create account");
    await expectFocusedOn("Password", "Password is required");

    fill("Password", "sunny-lisbon-2027");
    fill("Confirm password", "sunny-lisbon-2028");
    press("Create account");
    await expectFocusedOn("Confirm password", "Passwords do not match");
  });

  it("in the reset-by-code form: 'Passwords do not match'", async () => {
    renderForm(<ResetByCodeStep email="maya@example.com" otpId="otp-1" onDone={() => {}} />);
    fill("Password", "sunny-lisbon-2027");
    press("Reset password");
    await expectFocusedOn("Confirm password", "Passwords do not match");
  });

  it("in the reset-link form: 'Password is required' on New Password first", async () => {
    renderForm(<ResetPasswordForm resetPasswordId="link-1" />);
    fill("Confirm Password", "sunny-lisbon-2027");
    press("Reset Password");
    await expectFocusedOn("New Password", "Password is required");
  });

  it("brings the server's refusal into view when no field is at fault", async () => {
    server.use(http.post<PathParams>("/oapi/resetpassword/:id", () => refuse(400, "This reset link is invalid or has expired.")));
    renderForm(<ResetPasswordForm resetPasswordId="link-1" />);
    fill("New Password", "sunny-lisbon-2027");
    fill("Confirm Password", "sunny-lisbon-2027");
    press("Reset Password");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("This reset link is invalid or has expired.");
    await waitFor(() => expect(scrolled.mock.contexts.at(-1)).toBe(alert));
  });
});
