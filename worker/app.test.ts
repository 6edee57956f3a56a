import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "./app";
import { call, makeUser, PRODUCTION_BINDINGS } from "@worker/test/helpers";

describe("the API", () => {
  it("answers an unauthenticated call to /api/events with 401 and an error message", async () => {
    const response = await call("/api/events");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it("answers unknown /api paths with a JSON 404 for a signed-in user", async () => {
    const user = await makeUser();
    const response = await call("/api/no-such-thing", { token: user.token });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });

  it("refuses forged and expired access tokens", async () => {
    const forged = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwidHlwIjoiYWNjZXNzIn0.c2lnbmF0dXJl";
    expect((await call("/api/events", { token: forged })).status).toBe(401);
  });

  it("sets security headers and a request id", async () => {
    const response = await call("/api/nothing");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("fails closed in production while a secret is at its development default", async () => {
    const response = await app.request("/oapi/anything", {}, { ...env, ENVIRONMENT: "production" });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "The server is not configured." });
  });

  it("fails closed when development settings answer on a public host (a deploy without --env production)", async () => {
    const deployed = await app.request("https://experiences.example.com/dev/mailbox.json", {}, env);
    expect(deployed.status).toBe(500);
    expect(await deployed.json()).toEqual({ error: "The server is not configured." });
    for (const local of ["http://localhost:8787", "http://127.0.0.1:8787", "http://192.168.1.20:8787"]) {
      expect((await app.request(`${local}/oapi/config`, {}, env)).status).toBe(200);
    }
  });

  it("sends HSTS in production once the secrets are real", async () => {
    const response = await app.request("/oapi/anything", {}, { ...env, ...PRODUCTION_BINDINGS });
    expect(response.status).toBe(404);
    expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
  });
});
