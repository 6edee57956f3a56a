import { describe, expect, it } from "vitest";
import { SIGNUP_MESSAGES } from "@worker/shared/signup.schema";
import { apiAs, errorOf } from "@worker/test/client";
import { addGuest, makeUser } from "@worker/test/helpers";
import { addActivity } from "@worker/test/itinerary";
import { HOUR } from "@worker/test/time";
import type { SignupList } from "./signups.schema";
import {
  addAs,
  editAs,
  goingPeople,
  leaveAs,
  listAs,
  moveAs,
  promoteAs,
  removeAs,
  signUpAs,
  signupExperience,
} from "./signups.test-support";

// Issue 38, 'Organisers': the owner and hosts add or remove someone, promote, reorder the waitlist, override an overlap.

const names = (list: SignupList) => ({
  going: list.going.map((row) => row.person.firstName),
  waiting: list.waiting.map((row) => [row.position, row.person.firstName]),
});

async function fullWorkshop() {
  const setup = await signupExperience(1);
  const people = await Promise.all(["Ana", "Ben", "Caro", "Dan"].map((firstName) => makeUser({ firstName, lastName: "Guest" })));
  for (const person of people) await addGuest(setup.event.id, person);
  return { ...setup, people };
}

const history = (token: string, eventId: string) => apiAs(token).api.events[":eventId"].history.$get({ param: { eventId }, query: {} });

describe("The organisers' sign-up list", () => {
  it("adds a going guest: a free place, else the end of the waitlist", async () => {
    const { owner, path, people } = await fullWorkshop();
    const [ana, ben] = people;
    expect(names((await (await addAs(owner.token, path, ana!.id)).json()) as SignupList)).toEqual({ going: ["Ana"], waiting: [] });
    expect(names((await (await addAs(owner.token, path, ben!.id)).json()) as SignupList)).toEqual({
      going: ["Ana"],
      waiting: [[1, "Ben"]],
    });
  });

  it("gives someone waiting a place when told to, even past the places, and the count says so", async () => {
    const { owner, path, people } = await fullWorkshop();
    const [ana, ben, caro] = people;
    for (const person of [ana!, ben!, caro!]) await signUpAs(person.token, path);
    const promoted = (await (await promoteAs(owner.token, path, caro!.id)).json()) as SignupList;
    expect(names(promoted)).toEqual({ going: ["Ana", "Caro"], waiting: [[1, "Ben"]] });
    const again = await promoteAs(owner.token, path, caro!.id);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe("Caro Guest is not on the waitlist");
  });

  it("moves someone waiting to the front, and the next freed place goes to them", async () => {
    const { owner, path, people } = await fullWorkshop();
    for (const person of people) await signUpAs(person.token, path);
    const moved = (await (await moveAs(owner.token, path, people[3]!.id, 1)).json()) as SignupList;
    expect(names(moved).waiting).toEqual([
      [1, "Dan"],
      [2, "Ben"],
      [3, "Caro"],
    ]);
    const last = (await (await moveAs(owner.token, path, people[3]!.id, 99)).json()) as SignupList;
    expect(names(last).waiting.at(-1)).toEqual([3, "Dan"]);
    await moveAs(owner.token, path, people[3]!.id, 1);
    const removed = (await (await removeAs(owner.token, path, people[0]!.id)).json()) as SignupList;
    expect(names(removed)).toEqual({
      going: ["Dan"],
      waiting: [
        [1, "Ben"],
        [2, "Caro"],
      ],
    });
  });

  it("keeps one whole queue when moves and sign-ups land at the same time", async () => {
    const { owner, event, path } = await signupExperience(1);
    const people = await goingPeople(event.id, 30);
    const first = people.slice(0, 10);
    for (const person of first) await addAs(owner.token, path, person.id);
    await Promise.all([
      ...people.slice(10).map((person) => addAs(owner.token, path, person.id)),
      ...first.slice(1).map((person, i) => moveAs(owner.token, path, person.id, (i % 3) + 1)),
    ]);
    const list = (await (await listAs(owner.token, path)).json()) as SignupList;
    expect(list.going).toHaveLength(1);
    expect(list.waiting.map((row) => row.position)).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
    expect(new Set(list.waiting.map((row) => row.person.guid)).size).toBe(29);
  });

  it("names the other activity of a guest who holds one at the same time, and adds them when the organiser allows the overlap", async () => {
    const { owner, event, days, start, path, people } = await fullWorkshop();
    const golf = await addActivity(event.id, days[0]!.id, start + 10 * HOUR, { name: "Golf", attendance: "SIGNUP", capacity: null });
    const golfId = golf.id;
    await signUpAs(people[0]!.token, { ...path, activityId: golfId });
    const refused = await addAs(owner.token, path, people[0]!.id);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe("Ana Guest is already signed up for 'Golf' at the same time");
    const allowed = (await (await addAs(owner.token, path, people[0]!.id, true)).json()) as SignupList;
    expect(names(allowed).going).toEqual(["Ana"]);
  });

  it("refuses a guest who is not going, or outside the activity's groups", async () => {
    const { owner, event, path } = await signupExperience(10, { groups: ["VIP"] });
    const [maybe, plain] = await Promise.all([
      makeUser({ firstName: "May", lastName: "Be" }),
      makeUser({ firstName: "Plain", lastName: "Guest" }),
    ]);
    await addGuest(event.id, maybe, "MAYBE");
    await addGuest(event.id, plain);
    expect(await errorOf(await addAs(owner.token, path, maybe.id))).toBe("May Be is not going to the experience");
    expect(await errorOf(await addAs(owner.token, path, plain.id))).toBe("Plain Guest is in none of this activity's groups");
    expect(SIGNUP_MESSAGES.guestNotInGroups).toContain("{guest}");
  });

  it("answers 403 to a guest who tries to add, remove, promote or move anyone", async () => {
    const { event, path, people } = await fullWorkshop();
    await signUpAs(people[0]!.token, path);
    const guest = people[1]!;
    await addGuest(event.id, await makeUser());
    for (const response of await Promise.all([
      addAs(guest.token, path, guest.id),
      removeAs(guest.token, path, people[0]!.id),
      promoteAs(guest.token, path, people[0]!.id),
      moveAs(guest.token, path, people[0]!.id, 1),
    ]))
      expect(response.status).toBe(403);
  });
});

describe("History of an activity's sign-ups", () => {
  it("tells sign-ups, leaves, promotions, moves and attendance changes to the organisers", async () => {
    const { owner, path, event, people } = await fullWorkshop();
    const [ana, ben, caro] = people;
    await signUpAs(ana!.token, path);
    await signUpAs(ben!.token, path);
    await addAs(owner.token, path, caro!.id);
    await moveAs(owner.token, path, caro!.id, 1);
    await leaveAs(ana!.token, path);
    await editAs(owner.token, path, { capacity: 5, groups: ["VIP"] });
    const { changes } = (await (await history(owner.token, event.id)).json()) as { changes: { text: string }[] };
    expect(changes.map((change) => change.text).reverse()).toEqual([
      "Ana Guest signed up for Workshop",
      "Ben Guest joined the waitlist for Workshop (#1)",
      "Caro Guest joined the waitlist for Workshop (#2)",
      "Caro Guest moved to #1 on the waitlist for Workshop",
      "Ana Guest left Workshop",
      "Caro Guest was given a place in Workshop",
      // Raising the places gives the freed one to Ben inside the same statement, before the edit's own rows.
      "Ben Guest was given a place in Workshop",
      "Workshop: places 1 → 5",
      "Workshop: only for VIP",
    ]);
  });

  it("tells a guest the organisers added or took off: 'You're on the waitlist for Workshop', 'You were taken off Workshop'", async () => {
    const { owner, path, event, people } = await fullWorkshop();
    await signUpAs(people[0]!.token, path);
    await addAs(owner.token, path, people[1]!.id);
    await removeAs(owner.token, path, people[0]!.id);
    const told = async (token: string) =>
      (
        (await (
          await apiAs(token).api.events[":eventId"].changes.$get({ param: { eventId: event.id }, query: { since: "0" } })
        ).json()) as {
          changes: { text: string }[];
        }
      ).changes.map((change) => change.text);
    expect(await told(people[1]!.token)).toEqual(
      expect.arrayContaining(["You're on the waitlist for Workshop", "A place freed up in Workshop: you're signed up"]),
    );
    expect(await told(people[0]!.token)).toEqual(["You were taken off Workshop"]);
  });
});

describe("A change to a sign-up activity", () => {
  it("is told in 'What changed' to its sign-ups alone, not to every guest", async () => {
    const { owner, path, event, start, people } = await fullWorkshop();
    await signUpAs(people[0]!.token, path);
    await apiAs(owner.token).api.events[":eventId"].programs[":dayId"].activity[":activityId"].$put({
      param: path,
      json: { startIsoTime: new Date(start + 11 * HOUR).toISOString(), endIsoTime: new Date(start + 12 * HOUR).toISOString() },
    });
    const told = async (token: string) =>
      (
        (await (
          await apiAs(token).api.events[":eventId"].changes.$get({ param: { eventId: event.id }, query: { since: "0" } })
        ).json()) as {
          changes: { text: string }[];
        }
      ).changes.map((change) => change.text);
    expect((await told(people[0]!.token)).some((text) => text.startsWith("Workshop:"))).toBe(true);
    expect(await told(people[1]!.token)).toEqual([]);
  });
});
