import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@worker/db/schema";
import { makeUserWithPassword, signIn, uniqueEmail } from "@worker/test/accounts";
import { codeMailedTo, mailsTo, requestCode } from "@worker/test/auth";
import { apiAs, errorOf } from "@worker/test/client";
import { db, makeEvent, makeUser } from "@worker/test/helpers";
import { invite, ownRsvp } from "@worker/test/rsvp";
import { NO_ACCOUNT_YET } from "./auth.schema";

const anonymous = apiAs();
type CodeSignin = Parameters<(typeof anonymous.auth)["email-code"]["$post"]>[0]["json"];
const withCode = (json: CodeSignin) => anonymous.auth["email-code"].$post({ json });
const accountsOf = (email: string) => db().select().from(users).where(eq(users.email, email));

/** A SIGNIN code mailed to `email`: its id and the code read from the mailbox. */
async function mailedCode(email: string) {
  const id = await requestCode(email, "SIGNIN");
  return { id, otp: await codeMailedTo(email) };
}

describe("POST /auth/email-code (the light path: a name and a mailed code)", () => {
  it("makes a password-less account for a new address from its name and code, holding the invitations sent to it", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "INVITE_ONLY" });
    const email = uniqueEmail("ana");
    expect((await invite(owner.token, event.id, [email])).status).toBe(201);

    const response = await withCode({ ...(await mailedCode(email)), emailId: email, firstName: "Ana", lastName: "Sousa" });

    expect(response.status).toBe(200);
    const signedIn = await response.json();
    expect(signedIn).toMatchObject({ firstName: "Ana", lastName: "Sousa", emailId: email });
    const [account] = await accountsOf(email);
    expect(account!.passwordHash).toBeNull();
    expect((await (await ownRsvp(event.id, signedIn.authToken)).json()).rsvp?.status).toBe("REQUESTED");
  });

  it("mails a SIGNIN code to any address, with words that say what it is for", async () => {
    const email = uniqueEmail();
    await requestCode(email, "SIGNIN");
    const [mail] = await mailsTo(email);
    expect(mail!.text).toContain("Use this code to continue on Experiences with this e-mail address.");
  });

  it("signs an existing account in with the code, and a name sent along changes nothing", async () => {
    const member = await makeUserWithPassword("a long password", { firstName: "Mia", lastName: "Mendes" });

    const response = await withCode({ ...(await mailedCode(member.email)), emailId: member.email, firstName: "Someone", lastName: "Else" });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ guid: member.id, firstName: "Mia", lastName: "Mendes" });
    expect(await accountsOf(member.email)).toHaveLength(1);
  });

  it(`answers 404 '${NO_ACCOUNT_YET}' after a right code without a name, and the same code then works with one`, async () => {
    const email = uniqueEmail();
    const code = await mailedCode(email);

    const nameless = await withCode({ ...code, emailId: email });
    expect([nameless.status, await errorOf(nameless)]).toEqual([404, NO_ACCOUNT_YET]);
    expect(await accountsOf(email)).toEqual([]);

    const named = await withCode({ ...code, emailId: email, firstName: "Kai" });
    expect(named.status).toBe(200);
    expect(await accountsOf(email)).toHaveLength(1);
  });

  it("refuses a wrong code with 'Invalid OTP. Please try again.' and tells nothing of the address", async () => {
    const member = await makeUser();
    const stranger = uniqueEmail();
    for (const email of [member.email, stranger]) {
      const { id } = await mailedCode(email);
      const response = await withCode({ id, otp: "000000", emailId: email });
      expect([response.status, await errorOf(response)]).toEqual([400, "Invalid OTP. Please try again."]);
    }
    expect(await accountsOf(stranger)).toEqual([]);
  });

  it("refuses a code made for registration, or for another address", async () => {
    const email = uniqueEmail();
    const registration = await requestCode(email, undefined);
    const other = await mailedCode(uniqueEmail());
    for (const json of [
      { id: registration, otp: await codeMailedTo(email), emailId: email, firstName: "Ana" },
      { ...other, emailId: email, firstName: "Ana" },
    ]) {
      const response = await withCode(json);
      expect([response.status, await errorOf(response)]).toEqual([400, "Invalid OTP. Please try again."]);
    }
    expect(await accountsOf(email)).toEqual([]);
  });

  it("makes one account when the same code is sent twice at once", async () => {
    const email = uniqueEmail();
    const code = await mailedCode(email);
    const answers = await Promise.all([1, 2, 3].map(() => withCode({ ...code, emailId: email, firstName: "Ana" })));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    expect(await accountsOf(email)).toHaveLength(1);
  });

  it("leaves a password-less account out of password sign-in: 'Invalid email/phone or password'", async () => {
    const email = uniqueEmail();
    expect((await withCode({ ...(await mailedCode(email)), emailId: email, firstName: "Ana" })).status).toBe(200);
    const response = await signIn(email, "any password at all");
    expect([response.status, await errorOf(response)]).toEqual([401, "Invalid email/phone or password"]);
  });
});
