import { describe, expect, it } from "vitest";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { eventRole, requireEventRole } from "./permissions";

describe("what a person is to an event", () => {
  it("tells owner, host, guest and none apart, from D1", async () => {
    const [owner, host, guest, invited, stranger] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser(), makeUser()]);
    const event = await makeEvent(owner.id);
    await addHost(event.id, host.id);
    await addGuest(event.id, guest, "YES");
    await addGuest(event.id, invited, "REQUESTED");
    const roleOf = async (id: string | null) => (await eventRole(db(), event.id, id))!.role;
    expect(await roleOf(owner.id)).toBe("owner");
    expect(await roleOf(host.id)).toBe("host");
    expect(await roleOf(guest.id)).toBe("guest");
    expect(await roleOf(invited.id)).toBe("none");
    expect(await roleOf(stranger.id)).toBe("none");
    expect(await roleOf(null)).toBe("none");
    expect(await eventRole(db(), crypto.randomUUID(), owner.id)).toBeNull();
  });

  it("answers 'Event not found' to a stranger of a private event and 403 to one of a public event", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const privateEvent = await makeEvent(owner.id, { privacy: "PRIVATE" });
    const publicEvent = await makeEvent(owner.id);
    await expect(requireEventRole(db(), privateEvent.id, stranger.id, ["owner"])).rejects.toMatchObject({
      status: 404,
      message: "Event not found",
    });
    await expect(requireEventRole(db(), publicEvent.id, stranger.id, ["owner"])).rejects.toMatchObject({ status: 403 });
    await expect(requireEventRole(db(), publicEvent.id, owner.id, ["owner"])).resolves.toMatchObject({ role: "owner" });
  });
});
