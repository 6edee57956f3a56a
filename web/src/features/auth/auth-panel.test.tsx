import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { describe, expect, it } from "vitest";
import { session } from "@web/lib/session";
import { server, type ErrorBody as Refusal } from "@web/test/server";
import type { SendOtpInput, SignupInput } from "@worker/features/auth/auth.schema";
import {
  GOOD_CODE,
  GOOD_PASSWORD,
  click,
  field,
  fill,
  holdAnswers,
  openPanel,
  reachCodeStep,
  reachDetailsStep,
  record,
  sent,
  title,
  serveAuthApi,
} from "./auth-panel.test-support";

serveAuthApi();

describe("auth panel modes (spec 1 §2 Auth panel)", () => {
  it("is titled 'Login', 'Create your account' or 'Reset your password', and its links switch between them", () => {
    openPanel("login");
    expect(title()).toBe("Login");
    click("Create an account");
    expect(title()).toBe("Create your account");
    click("Login");
    click("Forgot password?");
    expect(title()).toBe("Reset your password");
    click("Back to login");
    expect(title()).toBe("Login");
  });
});

describe("login", () => {
  it("asks 'Email or phone is required' and 'Password is required' without calling the server", () => {
    openPanel("login");
    expect(document.activeElement).toBe(field("Email or phone"));
    click("Login");
    expect(screen.getByText("Email or phone is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(sent["/auth/signin"]).toBeUndefined();
  });

  it("refuses 'Please enter a valid email address or 10-digit mobile number'", () => {
    openPanel("login");
    fill("Email or phone", "maya@example");
    fill("Password", GOOD_PASSWORD);
    click("Login");
    expect(screen.getByText("Please enter a valid email address or 10-digit mobile number")).toBeTruthy();
    expect(sent["/auth/signin"]).toBeUndefined();
  });

  it("signs in with a trimmed 10-digit mobile number, reading 'Signing in...' meanwhile, and closes", async () => {
    openPanel("login");
    fill("Email or phone", " 9876543210 ");
    fill("Password", GOOD_PASSWORD);
    const release = holdAnswers();
    click("Login");
    expect((screen.getByRole("button", { name: "Signing in..." }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent["/auth/signin"]).toEqual([{ emailOrPhone: "9876543210", password: GOOD_PASSWORD }]);
    expect(session.user()?.emailId).toBe("9876543210");
  });

  it("shows the server's 'Invalid email/phone or password' and stays open", async () => {
    openPanel("login");
    fill("Email or phone", "maya@example.com");
    fill("Password", "wrong-password");
    click("Login");
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email/phone or password");
    expect(title()).toBe("Login");
    expect(session.user()).toBeNull();
  });
});

describe("register: e-mail, code, details, success (spec 1 §2, §5)", () => {
  it("signs the person in at 'Your account is ready!' and closes the panel 1 second later", async () => {
    await reachDetailsStep();
    expect(document.activeElement).toBe(field("First name"));
    fill("First name", " Maya ");
    fill("Last name", " Lopez ");
    fill("Organisation (optional)", "  Nomad Tours  ");
    fill("Password", GOOD_PASSWORD);
    fill("Confirm password", GOOD_PASSWORD);
    click("Create account");
    expect(await screen.findByText("Your account is ready!")).toBeTruthy();
    expect(screen.getByText("Welcome to Experiences. You're signed in.")).toBeTruthy();
    expect(session.user()?.emailId).toBe("maya@example.com");
    expect(sent["/auth/signup"]).toEqual([
      {
        emailId: "maya@example.com",
        password: GOOD_PASSWORD,
        firstName: "Maya",
        lastName: "Lopez",
        organisation: "Nomad Tours",
        id: "otp-1",
      },
    ]);
    const shownAt = performance.now();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 2000 });
    expect(performance.now() - shownAt).toBeGreaterThan(900);
  });

  it("refuses 'Please enter a valid email address' until the address is fixed, and does not send a code", () => {
    openPanel("register");
    expect(document.activeElement).toBe(field("Email"));
    fill("Email", "maya@example");
    click("Send OTP");
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    fill("Email", "maya@example.co");
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
    fill("Email", "9876543210");
    click("Send OTP");
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(sent["/oapi/otp"]).toBeUndefined();
  });

  it("sends the code, reading 'Sending...' meanwhile, and tells where it went", async () => {
    openPanel("register");
    fill("Email", " maya@example.com ");
    const release = holdAnswers();
    click("Send OTP");
    expect((screen.getByRole("button", { name: "Sending..." }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await screen.findByLabelText("Verification code");
    expect(document.activeElement).toBe(field("Verification code"));
    expect(screen.getByText("maya@example.com").closest("p")?.textContent).toBe(
      "We sent a 6-digit code to maya@example.com. It is valid for 10 minutes.",
    );
    expect(sent["/oapi/otp"]).toEqual([{ emailOrPhone: "maya@example.com" }]);
  });

  it("shows the server's reason a code is refused, 'Failed to send OTP. Please try again.' on a fault, and 'Network Connection Timeout' offline", async () => {
    openPanel("register");
    fill("Email", "maya@example.com");
    server.use(
      http.post<PathParams, SendOtpInput, Refusal>("/oapi/otp", () =>
        HttpResponse.json({ error: "An account with this email already exists" }, { status: 409 }),
      ),
    );
    click("Send OTP");
    expect(await screen.findByText("An account with this email already exists")).toBeTruthy();
    server.use(http.post<PathParams, SendOtpInput, Refusal>("/oapi/otp", () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    click("Send OTP");
    expect(await screen.findByText("Failed to send OTP. Please try again.")).toBeTruthy();
    server.use(http.post("/oapi/otp", () => HttpResponse.error()));
    click("Send OTP");
    expect(await screen.findByText("Network Connection Timeout")).toBeTruthy();
  });

  it("refuses 'Please enter a valid 6-digit OTP' and a wrong code with 'Invalid OTP. Please try again.'", async () => {
    await reachCodeStep("register");
    fill("Verification code", "123");
    click("Verify");
    expect(screen.getByText("Please enter a valid 6-digit OTP")).toBeTruthy();
    expect(sent["/oapi/otp/verify"]).toBeUndefined();
    fill("Verification code", "000 000");
    expect(field("Verification code").value).toBe("000000");
    click("Verify");
    expect(await screen.findByText("Invalid OTP. Please try again.")).toBeTruthy();
    expect(sent["/oapi/otp/verify"]).toEqual([{ id: "otp-1", otp: "000000" }]);
  });

  it("sends a new code on 'Send a new code' and signs up with the new code's id", async () => {
    await reachCodeStep("register");
    click("Send a new code");
    await waitFor(() => expect(sent["/oapi/otp"]).toHaveLength(2));
    expect(sent["/oapi/otp"]![1]).toEqual({ emailOrPhone: "maya@example.com" });
    await waitFor(() => expect((screen.getByRole("button", { name: "Verify" }) as HTMLButtonElement).disabled).toBe(false));
    fill("Verification code", GOOD_CODE);
    click("Verify");
    await screen.findByLabelText("First name");
    expect(sent["/oapi/otp/verify"]).toEqual([{ id: "otp-2", otp: GOOD_CODE }]);
  });

  it("checks 'First name is required', 'Last name is required', 'Password is required', 'Password must be at least 8 characters long' and 'Passwords do not match'", async () => {
    await reachDetailsStep();
    click("Create account");
    for (const message of ["First name is required", "Last name is required", "Password is required"])
      expect(screen.getByText(message)).toBeTruthy();
    fill("First name", "Maya");
    expect(screen.queryByText("First name is required")).toBeNull();
    expect(screen.getByText("Last name is required")).toBeTruthy();
    fill("Last name", "Lopez");
    fill("Password", "short");
    click("Create account");
    expect(screen.getByText("Password must be at least 8 characters long")).toBeTruthy();
    fill("Password", GOOD_PASSWORD);
    fill("Confirm password", `${GOOD_PASSWORD}!`);
    click("Create account");
    expect(screen.getByText("Passwords do not match")).toBeTruthy();
    expect(sent["/auth/signup"]).toBeUndefined();
  });

  it("applies the server's caps: 'First name is too long' and 'Last name is too long' past 100 characters, without calling the server", async () => {
    await reachDetailsStep();
    fill("First name", "M".repeat(101));
    fill("Last name", "L".repeat(101));
    fill("Password", GOOD_PASSWORD);
    fill("Confirm password", GOOD_PASSWORD);
    click("Create account");
    expect(screen.getByText("First name is too long")).toBeTruthy();
    expect(screen.getByText("Last name is too long")).toBeTruthy();
    expect(sent["/auth/signup"]).toBeUndefined();
    fill("First name", "M".repeat(100));
    fill("Last name", "L".repeat(100));
    click("Create account");
    await waitFor(() => expect(sent["/auth/signup"]).toHaveLength(1));
  });

  it("leaves out a blank organisation, and shows the server's reason a sign-up is refused, else 'Failed to create account. Please try again.'", async () => {
    await reachDetailsStep();
    fill("First name", "Maya");
    fill("Last name", "Lopez");
    fill("Organisation (optional)", "   ");
    fill("Password", GOOD_PASSWORD);
    fill("Confirm password", GOOD_PASSWORD);
    server.use(
      http.post<PathParams, SignupInput, Refusal>("/auth/signup", async ({ request }) => {
        record("/auth/signup", await request.json());
        return HttpResponse.json({ error: "An account with this email already exists" }, { status: 409 });
      }),
    );
    click("Create account");
    expect((await screen.findByRole("alert")).textContent).toBe("An account with this email already exists");
    expect(sent["/auth/signup"]).toEqual([
      { emailId: "maya@example.com", password: GOOD_PASSWORD, firstName: "Maya", lastName: "Lopez", id: "otp-1" },
    ]);
    server.use(http.post("/auth/signup", () => new HttpResponse(null, { status: 500 })));
    await waitFor(() => expect((screen.getByRole("button", { name: "Create account" }) as HTMLButtonElement).disabled).toBe(false));
    click("Create account");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to create account. Please try again."));
    expect(session.user()).toBeNull();
  });
});
