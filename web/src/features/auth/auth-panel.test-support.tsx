import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import type { InferResponseType } from "hono/client";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, beforeEach, vi } from "vitest";
import { client } from "@web/lib/api-client";
import { authPanel, type AuthMode, type CodePrefill } from "@web/lib/auth-panel";
import { session } from "@web/lib/session";
import { server, type ErrorBody as Refusal } from "@web/test/server";
import {
  NO_ACCOUNT_YET,
  type CodeSigninInput,
  type ResetPasswordByOtpInput,
  type SendOtpInput,
  type SigninInput,
  type SignupInput,
  type VerifyOtpInput,
} from "@worker/features/auth/auth.schema";
import type { AppConfig } from "@worker/features/config/config.schema";
import { AuthPanel } from "./auth-panel";

// The auth panel's tests share one fake API (MSW) that records what each call received.
type SignedIn = InferResponseType<typeof client.auth.signin.$post, 200>;

export const GOOD_CODE = "123456";
export const GOOD_PASSWORD = "sunny-lisbon-2027";

const signedIn = (emailId: string): SignedIn => ({
  guid: "u1",
  firstName: "Maya",
  lastName: "Lopez",
  emailId,
  organisation: "",
  bio: "",
  tags: [],
  profilePic: null,
  language: null,
  authToken: "access",
  refreshToken: "refresh",
});

/** What each call received, in order. */
export const sent: Record<string, unknown[]> = {};
export const record = (path: string, body: unknown) => void (sent[path] ??= []).push(body);

const handlers = [
  http.get<PathParams, never, AppConfig>("/oapi/config", () =>
    HttpResponse.json({ googleClientId: null, imageSearch: false, places: false, pushPublicKey: "test-key" }),
  ),
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
  // The light path: maya@example.com has an account; any other address needs a first name.
  http.post<PathParams, CodeSigninInput, SignedIn | Refusal>("/auth/email-code", async ({ request }) => {
    const body = await request.json();
    record("/auth/email-code", body);
    if (body.otp !== GOOD_CODE) return HttpResponse.json({ error: "Invalid OTP. Please try again." }, { status: 400 });
    if (body.emailId !== "maya@example.com" && !body.firstName) return HttpResponse.json({ error: NO_ACCOUNT_YET }, { status: 404 });
    return HttpResponse.json(signedIn(body.emailId));
  }),
  http.post<PathParams, SigninInput, SignedIn | Refusal>("/auth/signin", async ({ request }) => {
    const body = await request.json();
    record("/auth/signin", body);
    return body.password === GOOD_PASSWORD
      ? HttpResponse.json(signedIn(body.emailOrPhone))
      : HttpResponse.json({ error: "Invalid email/phone or password" }, { status: 401 });
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

/** Installs the fake API before each test of the calling file, and resets the panel, the session and the record after. */
export function serveAuthApi() {
  beforeEach(() => server.use(...handlers));
  afterEach(() => {
    act(() => authPanel.close());
    for (const path of Object.keys(sent)) delete sent[path];
    session.clear();
    vi.useRealTimers();
  });
}

export function openPanel(mode: AuthMode, prefill?: CodePrefill) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthPanel />
    </QueryClientProvider>,
  );
  act(() => authPanel.open(mode, undefined, prefill));
}

export const title = () => screen.getByRole("dialog").querySelector("h2")?.textContent;
export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
export const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
export const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

/** Makes the server wait until the returned function is called, so the busy state can be seen. */
export function holdAnswers() {
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

export async function reachCodeStep(mode: "register" | "forgot-password", email = "maya@example.com") {
  openPanel(mode);
  fill("Email", email);
  click("Send OTP");
  await screen.findByLabelText("Verification code");
}

export async function reachDetailsStep() {
  await reachCodeStep("register");
  fill("Verification code", GOOD_CODE);
  click("Verify");
  await screen.findByLabelText("First name");
}

export async function reachNewPasswordStep() {
  await reachCodeStep("forgot-password");
  fill("Verification code", GOOD_CODE);
  click("Verify");
  await screen.findByRole("button", { name: "Reset password" });
}
