import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { describe, expect, it, vi } from "vitest";
import { toast } from "@web/components/ui/toast";
import { server, type ErrorBody as Refusal } from "@web/test/server";
import type { ResetPasswordByOtpInput } from "@worker/features/auth/auth.schema";
import {
  click,
  fill,
  holdAnswers,
  openPanel,
  reachCodeStep,
  reachNewPasswordStep,
  record,
  sent,
  title,
  serveAuthApi,
} from "./auth-panel.test-support";

serveAuthApi();

describe("forgot password: e-mail, code, new password, success (spec 1 §2, §5)", () => {
  it("resets with a code asked for as PASSWORD_RESET, ends at 'Password reset successfully' and goes back to login", async () => {
    await reachNewPasswordStep();
    expect(screen.getByText("Choose a new password of at least 8 characters.")).toBeTruthy();
    expect(sent["/oapi/otp"]).toEqual([{ emailOrPhone: "maya@example.com", otpType: "PASSWORD_RESET" }]);
    fill("Password", "brand-new-secret");
    fill("Confirm password", "brand-new-secret");
    const release = holdAnswers();
    click("Reset password");
    expect((screen.getByRole("button", { name: "Resetting..." }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText("Password reset successfully")).toBeTruthy();
    expect(sent["/oapi/resetpasswordbyotpverification"]).toEqual([
      { emailId: "maya@example.com", password: "brand-new-secret", otpId: "otp-1" },
    ]);
    click("Back to login");
    expect(title()).toBe("Login");
  });

  it("accepts a 10-digit mobile number for the code, and a new code is asked for as PASSWORD_RESET too", async () => {
    await reachCodeStep("forgot-password", "9876543210");
    click("Send a new code");
    await waitFor(() => expect(sent["/oapi/otp"]).toHaveLength(2));
    expect(sent["/oapi/otp"]).toEqual([
      { emailOrPhone: "9876543210", otpType: "PASSWORD_RESET" },
      { emailOrPhone: "9876543210", otpType: "PASSWORD_RESET" },
    ]);
  });

  it("checks 'Password is required', 'Password must be at least 8 characters long' and 'Passwords do not match', clearing them on any edit", async () => {
    await reachNewPasswordStep();
    click("Reset password");
    expect(screen.getByText("Password is required")).toBeTruthy();
    fill("Password", "short");
    expect(screen.queryByText("Password is required")).toBeNull();
    click("Reset password");
    expect(screen.getByText("Password must be at least 8 characters long")).toBeTruthy();
    fill("Password", "brand-new-secret");
    fill("Confirm password", "brand-new-secretX");
    click("Reset password");
    expect(screen.getByText("Passwords do not match")).toBeTruthy();
    fill("Confirm password", "brand-new-secret");
    expect(screen.queryByText("Passwords do not match")).toBeNull();
    expect(sent["/oapi/resetpasswordbyotpverification"]).toBeUndefined();
  });

  it("shows the server's reason a reset is refused, else 'Failed to reset password. Please try again.'", async () => {
    await reachNewPasswordStep();
    fill("Password", "brand-new-secret");
    fill("Confirm password", "brand-new-secret");
    server.use(
      http.post<PathParams, ResetPasswordByOtpInput, Refusal>("/oapi/resetpasswordbyotpverification", () =>
        HttpResponse.json({ error: "This code has expired" }, { status: 400 }),
      ),
    );
    click("Reset password");
    expect((await screen.findByRole("alert")).textContent).toBe("This code has expired");
    server.use(http.post("/oapi/resetpasswordbyotpverification", () => new HttpResponse(null, { status: 500 })));
    await waitFor(() => expect((screen.getByRole("button", { name: "Reset password" }) as HTMLButtonElement).disabled).toBe(false));
    click("Reset password");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to reset password. Please try again."));
  });

  it("e-mails a reset link instead, reading 'Sending link...' meanwhile, then 'Check your e-mail' and the toast 'Password reset link sent to registered email address.'", async () => {
    const sentToast = vi.spyOn(toast, "success");
    openPanel("forgot-password");
    fill("Email", " lena@example.com ");
    const release = holdAnswers();
    click("E-mail me a reset link instead");
    expect((screen.getByRole("button", { name: "Sending link..." }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText("Check your e-mail")).toBeTruthy();
    // The address is bidi-isolated inside the sentence.
    const address = screen.getByText("lena@example.com");
    expect(address.tagName).toBe("BDI");
    expect(address.parentElement!.textContent).toBe("If an account exists for lena@example.com, we've sent a link to reset the password.");
    expect(sent["/oapi/resetpassword"]).toEqual(["lena@example.com"]);
    expect(sentToast).toHaveBeenCalledExactlyOnceWith("Password reset link sent to registered email address.");
    sentToast.mockRestore();
    click("Back to login");
    expect(title()).toBe("Login");
  });

  it("refuses a reset link for an invalid e-mail with 'Please enter a valid email address' without calling the server", async () => {
    openPanel("forgot-password");
    fill("Email", "9876543210");
    click("E-mail me a reset link instead");
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    expect(sent["/oapi/resetpassword"]).toBeUndefined();
  });

  it("ignores reset-link clicks beyond 3 in 5 seconds (spec 1 §7), showing no error for them", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 3_600_000);
    server.use(
      http.get<{ email: string }, never, Refusal>("/oapi/resetpassword/:email", ({ params }) => {
        record("/oapi/resetpassword", params.email);
        return HttpResponse.json({ error: `Mail failed ${sent["/oapi/resetpassword"]!.length}` }, { status: 502 });
      }),
    );
    openPanel("forgot-password");
    fill("Email", "lena@example.com");
    const clickLink = async () => {
      click("E-mail me a reset link instead");
      await waitFor(() =>
        expect((screen.getByRole("button", { name: "E-mail me a reset link instead" }) as HTMLButtonElement).disabled).toBe(false),
      );
    };
    for (let i = 0; i < 4; i++) await clickLink();
    expect(sent["/oapi/resetpassword"]).toHaveLength(3);
    expect(screen.getByText("Mail failed 3")).toBeTruthy();
    vi.setSystemTime(Date.now() + 5_000);
    await clickLink();
    expect(await screen.findByText("Mail failed 4")).toBeTruthy();
  });
});
