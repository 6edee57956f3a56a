// A signed-up organiser for the bench runs, made through the API as a person would (OTP read from the dev mailbox).

/** Signs up a new organiser on the Worker at `url`; answers the Authorization header of its session. */
export async function organiserAuth(url) {
  return (await organiserSession(url)).auth;
}

/** Signs up a new organiser; answers the Authorization header and the refresh token a page keeps to sign in. */
export async function organiserSession(url) {
  const json = async (path, body) => {
    const response = await fetch(url + path, {
      method: body ? "POST" : "GET",
      headers: { "Content-Type": "application/json" },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const email = `bench.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { id } = await json("/oapi/otp", { emailOrPhone: email });
  const mail = (await json("/dev/mailbox.json")).find((m) => m.to === email);
  await json("/oapi/otp/verify", { id, otp: /\b(\d{6})\b/.exec(mail.text)[1] });
  const owner = await json("/auth/signup", { emailId: email, password: "bench-password-1", firstName: "Bench", lastName: "Mark", id });
  return { auth: { Authorization: `Bearer ${owner.authToken}` }, refreshToken: owner.refreshToken };
}
