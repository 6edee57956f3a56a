import { describe, expect, it } from "vitest";
import { apiAs, errorOf } from "@worker/test/client";
import { call, makeEvent, makeUser } from "@worker/test/helpers";

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
    const res = await call(`/api/events/${event.id}`, {
      method: "PUT",
      token: owner.token,
      headers: { "Content-Type": "application/json" },
      body: "{name",
    });
    expect(res.status).toBe(400);
    expect(typeof (await errorOf(res))).toBe("string");
  });
});

describe("bodies too large to read", () => {
  it("answers 413 'The request body is too large' to a JSON body over 512 KB, and changes nothing", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { name: "Before" });
    const res = await call(`/api/events/${event.id}`, { method: "PUT", token: owner.token, json: { name: "x".repeat(600 * 1024) } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "The request body is too large" });
    const detail = await apiAs(owner.token).api.events[":id"].$get({ param: { id: event.id } });
    expect((await detail.json()).name).toBe("Before");
  });

  it("refuses a 3 MB code id (413), and an id over 100 characters with 'Invalid OTP. Please try again.', instead of failing in the database", async () => {
    const res = await call("/oapi/otp/verify", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: `{"id":"${"x".repeat(3 * 1024 * 1024)}","otp":"123456"}`,
    });
    expect(res.status).toBe(413);
    const capped = await call("/oapi/otp/verify", { method: "POST", json: { id: "x".repeat(101), otp: "123456" } });
    expect(capped.status).toBe(400);
    expect(await errorOf(capped)).toContain("Invalid OTP. Please try again.");
  });
});

describe("ids in the path", () => {
  it("answers an over-long id anywhere with 'This address is not valid: an id in it is too long', not a schema's words", async () => {
    const owner = await makeUser();
    const long = "x".repeat(101);
    const paths = [
      `/api/events/${long}`,
      `/api/events/${long}/programs/${long}/activity/${long}`,
      `/api/feeds/${long}/${long}/comment`,
      `/api/bulletin/${long}`,
      `/api/rsvp/event/${long}`,
      `/api/events/${long}/form/${long}/response`,
      `/oapi/itinerary/${long}`,
      `/oapi/reset-password/${"x".repeat(201)}`,
      `/files/${long}`,
    ];
    for (const path of paths) {
      const response = await call(path, { token: owner.token });
      expect([path, response.status, await errorOf(response)]).toEqual([path, 400, "This address is not valid: an id in it is too long"]);
    }
  });
});
