import { describe, expect, it } from "vitest";
import { apiAs, errorOf } from "../test/client";
import { call, makeEvent, makeUser } from "../test/helpers";

describe("bodies of another media type than the route reads", () => {
  it("answers 415 'Send the body as application/json' to a JSON route sent text/plain, and changes nothing", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { name: "Before" });
    const res = await call(`/api/events/${event.id}`, {
      method: "PUT",
      token: owner.token,
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ name: "After" }),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: "Send the body as application/json" });
    const detail = await apiAs(owner.token).api.events[":id"].$get({ param: { id: event.id } });
    expect((await detail.json()).name).toBe("Before");
  });

  it("answers 415 to a JSON route sent a form", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const form = new FormData();
    form.append("name", "After");
    const res = await call(`/api/events/${event.id}`, { method: "PUT", token: owner.token, body: form });
    expect(res.status).toBe(415);
  });

  it("answers 415 'Send the body as multipart/form-data' to a form route sent JSON", async () => {
    const owner = await makeUser();
    const res = await call("/api/events", { method: "POST", token: owner.token, json: { name: "Trip" } });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: "Send the body as multipart/form-data" });
  });

  it("answers 400 naming the rule for malformed JSON", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const res = await call(`/api/events/${event.id}`, { method: "PUT", token: owner.token, headers: { "Content-Type": "application/json" }, body: "{name" });
    expect(res.status).toBe(400);
    expect(typeof (await errorOf(res))).toBe("string");
  });
});
