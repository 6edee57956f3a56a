import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { session } from "@web/lib/session";
import { NO_ACCOUNT_YET } from "@worker/features/auth/auth.schema";
import { GOOD_CODE, click, field, fill, openPanel, sent, serveAuthApi, title } from "./auth-panel.test-support";

serveAuthApi();

const panelClosed = () => waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

describe("the light path: a name and a mailed code", () => {
  it("asks an invited guest only their name and the code, the invited address filled in, and signs them in", async () => {
    openPanel("code", { email: "ana@example.com", firstName: "Ana", lastName: "", askName: true });
    expect(title()).toBe("Continue with your e-mail");
    expect(field("First name").value).toBe("Ana");
    expect(field("Email").value).toBe("ana@example.com");
    expect(screen.queryByLabelText("Password")).toBeNull();
    fill("Last name", "Sousa");
    click("Send code");
    await screen.findByLabelText("Verification code");
    expect(sent["/oapi/otp"]).toEqual([{ emailOrPhone: "ana@example.com", otpType: "SIGNIN" }]);
    fill("Verification code", GOOD_CODE);
    click("Continue");
    await panelClosed();
    expect(sent["/auth/email-code"]).toEqual([
      { id: "otp-1", otp: GOOD_CODE, emailId: "ana@example.com", firstName: "Ana", lastName: "Sousa" },
    ]);
    expect(session.user()?.emailId).toBe("ana@example.com");
  });

  it("asks 'First name is required' before sending any code", () => {
    openPanel("code", { askName: true });
    fill("Email", "ana@example.com");
    click("Send code");
    expect(screen.getByText("First name is required")).toBeTruthy();
    expect(sent["/oapi/otp"]).toBeUndefined();
  });

  it("is offered from Login as 'Sign in with an e-mail code instead', and signs an account in with the address alone", async () => {
    openPanel("login");
    click("Sign in with an e-mail code instead");
    expect(screen.queryByLabelText("First name")).toBeNull();
    fill("Email", "maya@example.com");
    click("Send code");
    await screen.findByLabelText("Verification code");
    fill("Verification code", GOOD_CODE);
    click("Continue");
    await panelClosed();
    expect(session.user()?.emailId).toBe("maya@example.com");
  });

  it(`says '${NO_ACCOUNT_YET}' for an address without an account, and the same code then makes one with the name`, async () => {
    openPanel("code");
    fill("Email", "new@example.com");
    click("Send code");
    await screen.findByLabelText("Verification code");
    fill("Verification code", GOOD_CODE);
    click("Continue");
    expect(await screen.findByText(NO_ACCOUNT_YET)).toBeTruthy();
    fill("First name", "Kai");
    click("Continue");
    await panelClosed();
    expect(sent["/oapi/otp"]).toHaveLength(1);
    expect(sent["/auth/email-code"]!.at(-1)).toMatchObject({ emailId: "new@example.com", firstName: "Kai", otp: GOOD_CODE });
  });

  it("says 'Invalid OTP. Please try again.' after a wrong code and stays open", async () => {
    openPanel("code", { email: "maya@example.com" });
    click("Send code");
    await screen.findByLabelText("Verification code");
    fill("Verification code", "000000");
    click("Continue");
    expect(await screen.findByText("Invalid OTP. Please try again.")).toBeTruthy();
    expect(session.user()).toBeNull();
  });
});
