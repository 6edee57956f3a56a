import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailCounts, rsvps } from "@worker/db/schema";
import { utcDay } from "@worker/lib/mail-counts";
import { uniqueEmail } from "@worker/test/accounts";
import { mailsTo } from "@worker/test/auth";
import { errorOf } from "@worker/test/client";
import { db, makeEvent, makeUser } from "@worker/test/helpers";
import { invite, remind } from "@worker/test/rsvp";
import { PER_ADDRESS_PER_DAY, RSVP_MESSAGES, UNREACHABLE_REASONS } from "./rsvp.schema";

const QUOTA = 1000;

async function organiser() {
  const owner = await makeUser({ firstName: "Olga", lastName: "Owens" });
  const event = await makeEvent(owner.id, { name: "Lisbon Food Week" });
  return { owner, event };
}

/** Today's count of invitation mails this account has sent, as the ledger holds it. */
const sentToday = async (userId: string) =>
  (
    await db()
      .select({ count: mailCounts.count })
      .from(mailCounts)
      .where(eq(mailCounts.key, `sender:${userId}`))
  )[0]?.count ?? 0;
const spent = (userId: string, count: number) =>
  db()
    .insert(mailCounts)
    .values({ key: `sender:${userId}`, day: utcDay(new Date()), count })
    .onConflictDoUpdate({ target: [mailCounts.key, mailCounts.day], set: { count } });
const rsvpCount = async (eventId: string) =>
  (
    await db()
      .select({ n: sql<number>`count(*)` })
      .from(rsvps)
      .where(eq(rsvps.eventId, eventId))
  )[0]!.n;
const addresses = (count: number, label = "guest") => Array.from({ length: count }, () => uniqueEmail(label));

describe("the inviter's daily quota of invitation e-mails", () => {
  it(`refuses a request past ${QUOTA.toLocaleString("en-US")} a day with 429 naming the limit, and writes and mails nothing`, async () => {
    const { owner, event } = await organiser();
    await spent(owner.id, QUOTA - 1);
    const [first, second] = addresses(2);

    const response = await invite(owner.token, event.id, [first!, second!]);

    expect(response.status).toBe(429);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.dailyQuota(QUOTA, 1));
    expect(RSVP_MESSAGES.dailyQuota(QUOTA, 1)).toContain("at most 1,000 invitation e-mails a day");
    expect(await rsvpCount(event.id)).toBe(0);
    expect([...(await mailsTo(first!)), ...(await mailsTo(second!))]).toEqual([]);
    expect(await sentToday(owner.id)).toBe(QUOTA - 1);
  });

  it("counts each mail sent, and not the addresses that were not mailed", async () => {
    const { owner, event } = await organiser();
    const [first, second] = addresses(2);
    await invite(owner.token, event.id, [first!, second!]);
    expect(await sentToday(owner.id)).toBe(2);
    // Invited again: nothing new is mailed, nothing counted.
    await invite(owner.token, event.id, [first!]);
    expect(await sentToday(owner.id)).toBe(2);
  });

  it("holds under requests landing at once: ten requests of 30 with 100 left, three are sent whole and seven refused", async () => {
    const { owner, event } = await organiser();
    await spent(owner.id, QUOTA - 100);
    const batches = Array.from({ length: 10 }, () => addresses(30, "burst"));

    const responses = await Promise.all(batches.map((batch) => invite(owner.token, event.id, batch)));

    const statuses: number[] = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await rsvpCount(event.id)).toBe(90);
    expect(await sentToday(owner.id)).toBe(QUOTA - 10);
    const mailed = await Promise.all(batches.flat().map(async (address) => (await mailsTo(address)).length));
    expect(mailed.reduce((a, b) => a + b, 0)).toBe(90);
  });

  it("counts reminders too, and refuses a reminder past the quota without using up the experience's day", async () => {
    const { owner, event } = await organiser();
    await invite(owner.token, event.id, addresses(3));
    await db()
      .update(rsvps)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(rsvps.eventId, event.id));
    await spent(owner.id, QUOTA - 2);
    const refused = await remind(owner.token, event.id);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe(RSVP_MESSAGES.dailyQuota(QUOTA, 2));

    await spent(owner.id, 0);
    expect(await (await remind(owner.token, event.id)).json()).toMatchObject({ reminded: 3 });
  });
});

describe(`the cap of ${PER_ADDRESS_PER_DAY} invitation e-mails an address receives a day, whoever sends them`, () => {
  it("invites the address a fourth time but does not mail it, and tells the inviter why", async () => {
    const address = uniqueEmail("popular");
    const organisers = await Promise.all(Array.from({ length: 4 }, () => organiser()));
    const answers = [];
    for (const { owner, event } of organisers) answers.push(await (await invite(owner.token, event.id, [address])).json());

    expect(answers.slice(0, 3).map((answer) => answer.unreachable)).toEqual([[], [], []]);
    expect(answers[3]).toEqual({
      invited: [address],
      alreadyInvited: [],
      unreachable: [{ email: address, reason: UNREACHABLE_REASONS.dailyCap }],
    });
    expect(await mailsTo(address)).toHaveLength(3);
    expect(await rsvpCount(organisers[3]!.event.id)).toBe(1);
  });

  it("holds when six organisers invite the same address at once: three mails", async () => {
    const address = uniqueEmail("raced");
    const organisers = await Promise.all(Array.from({ length: 6 }, () => organiser()));
    const answers = await Promise.all(organisers.map(async ({ owner, event }) => (await invite(owner.token, event.id, [address])).json()));
    expect(answers.filter((answer) => answer.unreachable.length === 0)).toHaveLength(3);
    expect(await mailsTo(address)).toHaveLength(3);
  });
});
