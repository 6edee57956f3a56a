import { describe, expect, it } from "vitest";
import type { LiveMessage } from "@worker/live/protocol";
import { connect, listen, settle } from "@worker/test/live";
import { bulletinCrew, deleteBulletin, posted, sendBulletin } from "./bulletin.test-support";

describe("the bulletin, live", () => {
  it("tells a participant's open page of each post and delete, and no stranger's page nor another experience's", async () => {
    const crew = await bulletinCrew({ privacy: "PUBLIC" });
    const elsewhere = await bulletinCrew();
    const guestSocket = await listen(crew.event.id, crew.guest.token);
    const strangerSocket = await listen(crew.event.id, crew.stranger.token);
    const visitorSocket = await listen(crew.event.id);
    const otherSocket = await listen(elsewhere.event.id, elsewhere.guest.token);

    const bulletin = await posted(crew.host.token, crew.event.id);
    await deleteBulletin(crew.owner.token, crew.event.id, bulletin.id);
    await settle();

    const changed: LiveMessage = { type: "bulletin.changed", eventId: crew.event.id };
    expect(guestSocket.messages).toEqual([changed, changed]);
    expect(strangerSocket.messages, "a stranger of the public experience").toEqual([]);
    expect(visitorSocket.messages, "a signed-out visitor").toEqual([]);
    expect(otherSocket.messages).toEqual([]);
    for (const socket of [guestSocket, strangerSocket, visitorSocket, otherSocket]) socket.ws.close();
  });

  it("reaches a participant of a private experience, whose strangers cannot even connect", async () => {
    const crew = await bulletinCrew({ privacy: "PRIVATE" });
    const guestSocket = await listen(crew.event.id, crew.guest.token);
    const stranger = await connect(crew.event.id, crew.stranger.token);
    expect(stranger.ws).toBeNull();
    await posted(crew.owner.token, crew.event.id);
    await settle();
    expect(guestSocket.messages).toEqual([{ type: "bulletin.changed", eventId: crew.event.id }]);
    guestSocket.ws.close();
  });

  it("says nothing when a post or a delete is refused", async () => {
    const crew = await bulletinCrew();
    const bulletin = await posted(crew.owner.token, crew.event.id);
    const socket = await listen(crew.event.id, crew.host.token);
    await sendBulletin(crew.guest.token, crew.event.id, { title: "T", description: "D" });
    await sendBulletin(crew.host.token, crew.event.id, { title: "", description: "D" });
    await deleteBulletin(crew.guest.token, crew.event.id, bulletin.id);
    await settle();
    expect(socket.messages).toEqual([]);
    socket.ws.close();
  });
});
