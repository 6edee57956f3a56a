import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe as group, expect, it } from "vitest";
import { z } from "zod";
import type { AppEnv } from "@worker/env";
import { AppError } from "./errors";
import { describe } from "./openapi";

const shape = z.object({ id: z.string(), count: z.number() });
const app = new Hono<AppEnv>()
  .get("/right", describe({ summary: "right", tags: [], responses: { 200: shape } }), (c) => c.json({ id: "a", count: 1 }, 200))
  .get("/wrong", describe({ summary: "wrong", tags: [], responses: { 200: shape } }), (c) => c.json({ id: "a", count: "1" }, 200))
  .get("/leaky", describe({ summary: "leaky", tags: [], responses: { 200: shape.array() } }), (c) =>
    c.json([{ id: "a", count: 1, email: "x@y.z" }], 200),
  )
  .get("/undocumented", describe({ summary: "undocumented", tags: [], responses: { 200: shape } }), (c) =>
    c.json({ id: "a", count: 1 }, 201),
  )
  .get("/forbidden", describe({ summary: "forbidden", tags: [], responses: { 200: shape }, errors: [404] }), () => {
    throw new AppError(403, "No");
  })
  .get("/refused", describe({ summary: "refused", tags: [], responses: { 200: shape }, errors: [404] }), () => {
    throw new AppError(404, "Not here");
  });
app.onError((err, c) => (err instanceof AppError ? c.json({ error: err.message }, err.status) : c.json({ error: "?" }, 500)));

const get = (path: string) => app.request(path, {}, { ...env, CONTRACT_CHECK: "on" });

group("the contract check of the Worker tests", () => {
  it("lets an answer that matches its schema through", async () => {
    const res = await get("/right");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: "a", count: 1 });
  });

  it("turns an answer that breaks its schema into a 500 naming the field", async () => {
    const res = await get("/wrong");
    expect(res.status).toBe(500);
    // The rule's own words are zod's, or the API's plain ones once the Worker's validation is loaded.
    expect((await res.json<{ error: string }>()).error).toMatch(
      /^Contract broken: GET \/wrong: the 200 answer does not match its schema at count: /,
    );
  });

  it("turns a field the schema does not list (a leak) into a 500", async () => {
    const res = await get("/leaky");
    expect((await res.json<{ error: string }>()).error).toBe(
      "Contract broken: GET /leaky: the 200 answer has a field its schema does not list: 0.email",
    );
  });

  it("turns an undocumented status into a 500", async () => {
    const res = await get("/undocumented");
    expect((await res.json<{ error: string }>()).error).toBe("Contract broken: GET /undocumented: status 201 is not documented");
  });

  it("turns a refusal with a status the operation does not document into a 500", async () => {
    const res = await get("/forbidden");
    expect((await res.json<{ error: string }>()).error).toBe("Contract broken: GET /forbidden: error 403 is not documented");
  });

  it("lets a refusal through as { error }", async () => {
    const res = await get("/refused");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not here" });
  });
});
