import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailCounts } from "@worker/db/schema";
import { db } from "@worker/test/helpers";
import { claimCount, forgetOldMailCounts, releaseCount, utcDay } from "./mail-counts";

const DAY = 24 * 60 * 60 * 1000;

describe("the mail ledger's counters", () => {
  it("claims within the limit only, and gives back what was not used", async () => {
    const key = `sender:${crypto.randomUUID()}`;
    expect(await claimCount(db(), key, 7, 10)).toBe(true);
    expect(await claimCount(db(), key, 4, 10)).toBe(false);
    await releaseCount(db(), key, 2, utcDay(new Date()));
    expect(await claimCount(db(), key, 5, 10)).toBe(true);
    expect(await claimCount(db(), key, 11, 10)).toBe(false);
  });

  it("starts each UTC day afresh, and the hourly cron forgets days before yesterday", async () => {
    const key = `to:${crypto.randomUUID()}@example.com`;
    const now = new Date("2026-11-26T10:00:00Z");
    for (const daysAgo of [0, 1, 2, 3]) expect(await claimCount(db(), key, 3, 3, new Date(now.getTime() - daysAgo * DAY))).toBe(true);
    await forgetOldMailCounts(db(), now);
    const days = await db()
      .select({ day: mailCounts.day })
      .from(mailCounts)
      .where(inArray(mailCounts.key, [key]));
    expect(days.map((row) => row.day).sort()).toEqual(["2026-11-25", "2026-11-26"]);
  });
});
