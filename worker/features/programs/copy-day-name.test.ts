import { describe, expect, it } from "vitest";
import { makeUser } from "@worker/test/helpers";
import { experience } from "@worker/test/itinerary";
import { DAY_NAME_MAX } from "./programs.schema";
import { clone, put, storedDays } from "./programs.test-support";

/** A day whose typed name is `name` (saved through the API, so within its limit), copied once: the copy's name. */
async function copiedName(name: string) {
  const owner = await makeUser();
  const { event, days } = await experience(owner.id, 1);
  expect((await put(event.id, days[0]!.id, owner.token, { name })).status).toBe(200);
  const response = await clone(event.id, days[0]!.id, owner.token);
  expect(response.status).toBe(201);
  const copy = await response.json();
  const [, stored] = await storedDays(event.id);
  expect(stored!.name).toBe(copy.name);
  return copy.name;
}

describe("POST /api/events/:eventId/programs/:programId/clone (a copy's name)", () => {
  it("copies a day whose name is at the limit to a name within the limit ending in ' (copy)'", async () => {
    const name = await copiedName("A".repeat(DAY_NAME_MAX));
    expect(name).toHaveLength(DAY_NAME_MAX);
    expect(name).toBe(`${"A".repeat(DAY_NAME_MAX - " (copy)".length)} (copy)`);
  });

  it("never ends a shortened name with half a character", async () => {
    const name = await copiedName(`${"D".repeat(DAY_NAME_MAX - 8)}🎉${"x".repeat(6)}`);
    expect(name).toBe(`${"D".repeat(DAY_NAME_MAX - 8)} (copy)`);
  });
});
