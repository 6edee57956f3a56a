import { describe, expect, it } from "vitest";
import type { LiveMessage } from "@worker/live/protocol";
import { apiAs } from "@worker/test/client";
import { PDF } from "@worker/test/files";
import { addGuest, addHost, makeEvent, makeUser } from "@worker/test/helpers";
import { listen, settle } from "@worker/test/live";

const pdf = (name: string) => new File([PDF], name, { type: "application/pdf" });
const uploadCommon = (token: string, eventId: string, name = "shuttle.pdf") =>
  apiAs(token).api.documents.event[":eventId"].common.$post({ param: { eventId }, form: { files: pdf(name) } });
const uploadFor = (token: string, eventId: string, userId: string, name = "visa.pdf") =>
  apiAs(token).api.documents.event[":eventId"].user[":userId"].$post({ param: { eventId, userId }, form: { files: pdf(name) } });
const remove = (token: string, documentId: string) => apiAs(token).api.documents[":documentId"].$delete({ param: { documentId } });

async function uploaded(response: Promise<Response> | ReturnType<typeof uploadCommon>) {
  const answer = await response;
  expect(answer.status, "the document is stored").toBe(201);
  return ((await answer.json()) as { id: string }[])[0]!;
}

/** A public experience with its owner, a host, two attending guests and a signed-in stranger, each with the page open. */
async function documentsCrew() {
  const [owner, host, grace, gus, stranger] = await Promise.all(
    ["Olga", "Hana", "Grace", "Gus", "Sam"].map((firstName) => makeUser({ firstName })),
  );
  const event = await makeEvent(owner!.id, { privacy: "PUBLIC" });
  await addHost(event.id, host!.id);
  await addGuest(event.id, grace!);
  await addGuest(event.id, gus!);
  const sockets = {
    owner: await listen(event.id, owner!.token),
    host: await listen(event.id, host!.token),
    grace: await listen(event.id, grace!.token),
    gus: await listen(event.id, gus!.token),
    stranger: await listen(event.id, stranger!.token),
    visitor: await listen(event.id),
  };
  const close = () => Object.values(sockets).forEach((socket) => socket.ws.close());
  return { owner: owner!, host: host!, grace: grace!, gus: gus!, event, sockets, close };
}

describe("the Documents tab, live", () => {
  it("tells every participant's open page of a common upload and delete, and no stranger's", async () => {
    const crew = await documentsCrew();
    const doc = await uploaded(uploadCommon(crew.host.token, crew.event.id));
    expect((await remove(crew.owner.token, doc.id)).status).toBe(200);
    await settle();

    const changed: LiveMessage = { type: "documents.changed", eventId: crew.event.id, owner: "common" };
    for (const who of ["owner", "host", "grace", "gus"] as const) expect(crew.sockets[who].messages, who).toEqual([changed, changed]);
    expect(crew.sockets.stranger.messages, "a stranger of the public experience").toEqual([]);
    expect(crew.sockets.visitor.messages, "a signed-out visitor").toEqual([]);
    crew.close();
  });

  it("tells only the guest concerned and the organisers of a guest's own document, naming no file", async () => {
    const crew = await documentsCrew();
    const doc = await uploaded(uploadFor(crew.owner.token, crew.event.id, crew.grace.id, "grace-passport.pdf"));
    expect((await remove(crew.host.token, doc.id)).status).toBe(200);
    await settle();

    const changed: LiveMessage = { type: "documents.changed", eventId: crew.event.id, owner: crew.grace.id };
    for (const who of ["owner", "host", "grace"] as const) expect(crew.sockets[who].messages, who).toEqual([changed, changed]);
    expect(crew.sockets.gus.messages, "another guest").toEqual([]);
    expect(crew.sockets.stranger.messages).toEqual([]);
    expect(crew.sockets.visitor.messages).toEqual([]);
    expect(JSON.stringify(crew.sockets.grace.messages)).not.toContain("passport");
    crew.close();
  });

  it("says nothing when an upload or a delete is refused", async () => {
    const crew = await documentsCrew();
    const doc = await uploaded(uploadCommon(crew.owner.token, crew.event.id));
    await settle();
    for (const socket of Object.values(crew.sockets)) socket.messages.length = 0;

    expect((await uploadCommon(crew.grace.token, crew.event.id)).status).toBe(403);
    expect((await remove(crew.gus.token, doc.id)).status).toBe(403);
    await settle();
    for (const [who, socket] of Object.entries(crew.sockets)) expect(socket.messages, who).toEqual([]);
    crew.close();
  });
});
