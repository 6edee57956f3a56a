import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { describe, expect, it } from "vitest";
import { events } from "@worker/db/schema";
import { apiAs } from "@worker/test/client";
import { db } from "@worker/test/helpers";
import { cast } from "@worker/test/itinerary";

const eventOf = (token: string) => apiAs(token).api.events[":id"];
type Change = InferRequestType<ReturnType<typeof eventOf>["$put"]>["json"];
const put = (id: string, token: string, json: Change) => eventOf(token).$put({ param: { id }, json });
const stored = async (id: string) => (await db().select().from(events).where(eq(events.id, id)))[0]!;

describe("PUT /api/events/:id with the details the editor started from (base)", () => {
  it("answers the second of two renames from the same base 409 with the current name, and keeps it", async () => {
    const { owner, host, pub } = await cast();
    const name = pub.event.name;
    expect((await put(pub.event.id, host.token, { name: "Lisbon weekend", base: { name } })).status).toBe(200);

    const late = await put(pub.event.id, owner.token, { name: "Porto weekend", base: { name } });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: "Someone else changed this while you were editing", current: { name: "Lisbon weekend" } });
    expect((await stored(pub.event.id)).name).toBe("Lisbon weekend");
  });

  it("lands a subtitle and a description changed by two organisers from the same base", async () => {
    const { owner, host, pub } = await cast();
    const [a, b] = await Promise.all([
      put(pub.event.id, host.token, { subtitle: "By the sea", base: { subtitle: "" } }),
      put(pub.event.id, owner.token, { description: "Trams and tiles", base: { description: "" } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await stored(pub.event.id)).toMatchObject({ subtitle: "By the sea", description: "Trams and tiles" });
  });

  it("lets the last write win without a base", async () => {
    const { owner, host, pub } = await cast();
    await put(pub.event.id, host.token, { name: "Lisbon weekend" });
    expect((await put(pub.event.id, owner.token, { name: "Porto weekend" })).status).toBe(200);
    expect((await stored(pub.event.id)).name).toBe("Porto weekend");
  });
});
