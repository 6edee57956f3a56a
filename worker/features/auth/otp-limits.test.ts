import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, otps } from "@worker/db/schema";
import { sendCode } from "@worker/test/auth";
import { errorOf } from "@worker/test/client";
import { db, makeUser } from "@worker/test/helpers";
import { uniqueEmail } from "@worker/test/accounts";
import { newClient } from "@worker/test/network";

const ADDRESS_LIMITED = "Too many codes requested. Please try again later.";
const NETWORK_LIMITED = "Too many codes requested from your network. Please try again in an hour.";

const rowsFor = (target: string) => db().select().from(otps).where(eq(otps.target, target));
const mailsFor = (targets: string[]) => db().select().from(mailOutbox).where(inArray(mailOutbox.to, targets));

/** Asks for one code for each address from `client`, all at once; answers the statuses in order. */
async function sendAllAtOnce(addresses: string[], client: string): Promise<number[]> {
  const responses = await Promise.all(addresses.map((address) => sendCode(address, undefined, client)));
  return responses.map((response) => response.status);
}

describe("POST /oapi/otp: the per-address limit under parallel requests", () => {
  it("sends 5 codes, and no more, when 30 requests for one address arrive at once from different networks", async () => {
    const email = uniqueEmail();
    const responses = await Promise.all(Array.from({ length: 30 }, () => sendCode(email)));

    const sent = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status !== 200);
    expect(sent).toHaveLength(5);
    expect(refused).toHaveLength(25);
    const ids = await Promise.all(sent.map(async (response) => (await response.json()).id));
    expect(new Set(ids).size).toBe(5);
    for (const response of refused) {
      expect(response.status).toBe(429);
      expect(await errorOf(response)).toBe(ADDRESS_LIMITED);
    }

    expect((await rowsFor(email)).map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(await mailsFor([email])).toHaveLength(5);
  });
});

describe("POST /oapi/otp: the per-network limit", () => {
  it("gives one network 30 codes an hour across addresses, then answers 429 with the network message", async () => {
    const client = newClient();
    // A registered address counts like a new one, so the limit tells nothing about accounts.
    const registered = (await makeUser()).email;
    const addresses = [registered, ...Array.from({ length: 29 }, () => uniqueEmail())];
    expect(await sendAllAtOnce(addresses, client)).toEqual(Array<number>(30).fill(200));

    const thirtyFirst = uniqueEmail();
    const refused = await sendCode(thirtyFirst, undefined, client);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe(NETWORK_LIMITED);
    expect(await rowsFor(thirtyFirst)).toHaveLength(0);
    expect(await mailsFor([thirtyFirst])).toHaveLength(0);

    const elsewhere = await sendCode(thirtyFirst, undefined, newClient());
    expect(elsewhere.status).toBe(200);
    expect(await mailsFor([thirtyFirst])).toHaveLength(1);
  });

  it("lets 30 of 40 requests from one network through when they arrive at once", async () => {
    const addresses = Array.from({ length: 40 }, () => uniqueEmail());
    const statuses = await sendAllAtOnce(addresses, newClient());
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await mailsFor(addresses)).toHaveLength(30);
  });

  it("counts a password-reset request for an unknown address like any other", async () => {
    const client = newClient();
    const addresses = Array.from({ length: 30 }, () => uniqueEmail("nobody"));
    const responses = await Promise.all(addresses.map((address) => sendCode(address, "PASSWORD_RESET", client)));
    expect(responses.map((response) => response.status)).toEqual(Array<number>(30).fill(200));

    const refused = await sendCode(uniqueEmail(), undefined, client);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe(NETWORK_LIMITED);
  });

  it("gives the network codes again once its codes are an hour old", async () => {
    const client = newClient();
    await sendAllAtOnce(
      Array.from({ length: 30 }, () => uniqueEmail()),
      client,
    );
    expect((await sendCode(uniqueEmail(), undefined, client)).status).toBe(429);

    await db()
      .update(otps)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(otps.client, client));
    expect((await sendCode(uniqueEmail(), undefined, client)).status).toBe(200);
  });

  it("counts two IPv6 addresses in one /64 as one network", async () => {
    const addresses = Array.from({ length: 30 }, () => uniqueEmail());
    expect(await sendAllAtOnce(addresses, "2001:db8:1:2::a")).toEqual(Array<number>(30).fill(200));

    const sameNetwork = await sendCode(uniqueEmail(), undefined, "2001:db8:1:2:ffff:ffff:ffff:1");
    expect(sameNetwork.status).toBe(429);
    expect(await errorOf(sameNetwork)).toBe(NETWORK_LIMITED);
    expect((await sendCode(uniqueEmail(), undefined, "2001:db8:1:3::a")).status).toBe(200);
  });
});
