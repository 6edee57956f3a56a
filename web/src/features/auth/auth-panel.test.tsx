import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { InferResponseType } from "hono/client";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ResetPasswordByOtpInput, SendOtpInput, SigninInput, SignupInput, VerifyOtpInput } from "../../../../worker/features/auth/auth.schema";
import type { AppConfig } from "../../../../worker/features/config/config.schema";
import { client } from "../../lib/api-client";
import { authPanel, type AuthMode } from "../../lib/auth-panel";
import { session } from "../../lib/session";
import { server, type ErrorBody as Refusal } from "../../test/server";
import { AuthPanel } from "./auth-panel";

type SignedIn = InferResponseType<typeof client.auth.signin.$post, 200>;

const GOOD_CODE = "123456";
const GOOD_PASSWORD = "sunny-lisbon-2027";

const signedIn = (emailId: string): SignedIn => ({
  guid: "u1",
  firstName: "Maya",
  lastName: "Lopez",
  emailId,
  organisation: "",
  bio: "",
  tags: [],
  profilePic: null,
  authToken: "access",
  refreshToken: "refresh",
});

/** What each call received, in order. */
const sent: Record<string, unknown[]> = {};
const record = (path: string, body: unknown) => void (sent[path] ??= []).push(body);

const handlers = [
  http.get<PathParams, never, AppConfig>("/oapi/config", () => HttpResponse.json({ googleClientId: null, imageSearch: false, places: false })),
  http.post<PathParams, SendOtpInput, { id: string }>("/oapi/otp", async ({ request }) => {
    record("/oapi/otp", await request.json());
    return HttpResponse.json({ id: `otp-${sent["/oapi/otp"]!.length}` });
  }),
  http.post<PathParams, VerifyOtpInput, { verified: true } | Refusal>("/oapi/otp/verify", async ({ request }) => {
    const body = await request.json();
    record("/oapi/otp/verify", body);
    return body.otp === GOOD_CODE ? HttpResponse.json({ verified: true }) : HttpResponse.json({ error: "Invalid OTP" }, { status: 400 });
  }),
  http.post<PathParams, SignupInput, SignedIn>("/auth/signup", async ({ request }) => {
    const body = await request.json();
    record("/auth/signup", body);
    return HttpResponse.json(signedIn(body.emailId));
  }),
  http.post<PathParams, SigninInput, SignedIn | Refusal>("/auth/signin", async ({ request }) => {
    const body = await request.json();
    record("/auth/signin", body);
    return body.password === GOOD_PASSWORD ? HttpResponse.json(signedIn(body.emailOrPhone)) : HttpResponse.json({ error: "Invalid email/phone or password" }, { status: 401 });
  }),
  http.post<PathParams, ResetPasswordByOtpInput, { success: true }>("/oapi/resetpasswordbyotpverification", async ({ request }) => {
    record("/oapi/resetpasswordbyotpverification", await request.json());
    return HttpResponse.json({ success: true });
  }),
  http.get<{ email: string }, never, { success: true }>("/oapi/resetpassword/:email", ({ params }) => {
    record("/oapi/resetpassword", params.email);
    return HttpResponse.json({ success: true });
  }),
];

beforeEach(() => server.use(...handlers));
afterEach(() => {
  act(() => authPanel.close());
  for (const path of Object.keys(sent)) delete sent[path];
  session.clear();
  vi.useRealTimers();
});

function openPanel(mode: AuthMode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthPanel />
    </QueryClientProvider>,
  );
  act(() => authPanel.open(mode));
}

const title = () => screen.getByRole("dialog").querySelector("h2")?.textContent;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

/** Makes the server wait until the returned function is called, so the busy state can be seen. */
function holdAnswers() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.all("*", async () => {
      await gate;
      return undefined;
    }),
  );
  return release;
}

async function reachCodeStep(mode: "register" | "forgot-password", email = "maya@example.com") {
  openPanel(mode);
  fill("Email", email);
  click("Send OTP");
  await screen.findByLabelText("Verification code");
}

async function reachDetailsStep() {
  await reachCodeStep("register");
  fill("Verification code", GOOD_CODE);
  click("Verify");
  await screen.findByLabelText("First name");
}

async function reachNewPasswordStep() {
  await reachCodeStep("forgot-password");
  fill("Verification code", GOOD_CODE);
  click("Verify");
  await screen.findByRole("button", { name: "Reset password" });
}

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
      { emailId: "maya@example.com", password: GOOD_PASSWORD, firstName: "Maya", lastName: "Lopez", organisation: "Nomad Tours", id: "otp-1" },
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
    expect(screen.getByText("maya@example.com").closest("p")?.textContent).toBe("We sent a 6-digit code to maya@example.com. It is valid for 10 minutes.");
    expect(sent["/oapi/otp"]).toEqual([{ emailOrPhone: "maya@example.com" }]);
  });

  it("shows the server's reason a code is refused, 'Failed to send OTP. Please try again.' on a fault, and 'Network Connection Timeout' offline", async () => {
    openPanel("register");
    fill("Email", "maya@example.com");
    server.use(http.post<PathParams, SendOtpInput, Refusal>("/oapi/otp", () => HttpResponse.json({ error: "An account with this email already exists" }, { status: 409 })));
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
    for (const message of ["First name is required", "Last name is required", "Password is required"]) expect(screen.getByText(message)).toBeTruthy();
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
    expect(sent["/auth/signup"]).toEqual([{ emailId: "maya@example.com", password: GOOD_PASSWORD, firstName: "Maya", lastName: "Lopez", id: "otp-1" }]);
    server.use(http.post("/auth/signup", () => new HttpResponse(null, { status: 500 })));
    await waitFor(() => expect((screen.getByRole("button", { name: "Create account" }) as HTMLButtonElement).disabled).toBe(false));
    click("Create account");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to create account. Please try again."));
    expect(session.user()).toBeNull();
  });
});

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
    expect(sent["/oapi/resetpasswordbyotpverification"]).toEqual([{ emailId: "maya@example.com", password: "brand-new-secret", otpId: "otp-1" }]);
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
    server.use(http.post<PathParams, ResetPasswordByOtpInput, Refusal>("/oapi/resetpasswordbyotpverification", () => HttpResponse.json({ error: "This code has expired" }, { status: 400 })));
    click("Reset password");
    expect((await screen.findByRole("alert")).textContent).toBe("This code has expired");
    server.use(http.post("/oapi/resetpasswordbyotpverification", () => new HttpResponse(null, { status: 500 })));
    await waitFor(() => expect((screen.getByRole("button", { name: "Reset password" }) as HTMLButtonElement).disabled).toBe(false));
    click("Reset password");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to reset password. Please try again."));
  });

  it("e-mails a reset link instead, reading 'Sending link...' meanwhile, then 'Check your e-mail'", async () => {
    openPanel("forgot-password");
    fill("Email", " lena@example.com ");
    const release = holdAnswers();
    click("E-mail me a reset link instead");
    expect((screen.getByRole("button", { name: "Sending link..." }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText("Check your e-mail")).toBeTruthy();
    expect(screen.getByText("If an account exists for lena@example.com, we've sent a link to reset the password.")).toBeTruthy();
    expect(sent["/oapi/resetpassword"]).toEqual(["lena@example.com"]);
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
      await waitFor(() => expect((screen.getByRole("button", { name: "E-mail me a reset link instead" }) as HTMLButtonElement).disabled).toBe(false));
    };
    for (let i = 0; i < 4; i++) await clickLink();
    expect(sent["/oapi/resetpassword"]).toHaveLength(3);
    expect(screen.getByText("Mail failed 3")).toBeTruthy();
    vi.setSystemTime(Date.now() + 5_000);
    await clickLink();
    expect(await screen.findByText("Mail failed 4")).toBeTruthy();
  });
});
