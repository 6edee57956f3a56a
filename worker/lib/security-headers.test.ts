import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "@worker/app";
import { PNG } from "@worker/test/files";
import { call, db, makeEvent, makeUser } from "@worker/test/helpers";
import { contentSecurityPolicy } from "./content-security-policy";
import { signedFileUrl, storeFile } from "./files";

const connectSrc = (policy: string | null) => policy?.split("; ").find((directive) => directive.startsWith("connect-src "));

describe("caching of the Worker's answers", () => {
  it("answers /api calls with Cache-Control: no-store, errors included", async () => {
    const user = await makeUser();
    const profile = await call("/api/profile/user", { token: user.token });
    expect(profile.status).toBe(200);
    expect(profile.headers.get("Cache-Control")).toBe("no-store");
    for (const response of [await call("/api/profile/user"), await call("/api/no-such-thing", { token: user.token })]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("never lets a token answer be stored either", async () => {
    const response = await call("/auth/signin", {
      method: "POST",
      json: { emailOrPhone: "nobody@example.com", password: "wrong-password" },
    });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("keeps the public itinerary's edge caching and the signed files' own caching", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const itinerary = await call(`/oapi/itinerary/${event.id}`);
    expect(itinerary.status).toBe(200);
    expect(itinerary.headers.get("Cache-Control")).toBe("public, max-age=10");

    const fileId = await storeFile(
      env,
      db(),
      { bytes: PNG, mimeType: "image/png", kind: "image", name: "a.png" },
      { uploaderId: owner.id },
    );
    const file = await call(await signedFileUrl(env, fileId));
    expect(file.headers.get("Cache-Control")).toBe("private, max-age=604800, immutable");
  });
});

describe("the Content-Security-Policy", () => {
  it("CSP connect-src names only the app's origin: its own WebSocket origin, no ws: or wss: host at large", () => {
    expect(connectSrc(contentSecurityPolicy("https://experiences.example.com"))).toBe(
      "connect-src 'self' wss://experiences.example.com https://accounts.google.com/gsi/",
    );
    expect(connectSrc(contentSecurityPolicy("http://localhost:8787"))).toBe(
      "connect-src 'self' ws://localhost:8787 https://accounts.google.com/gsi/",
    );
  });

  it("lets the app's service worker and web app manifest load from its own origin only", async () => {
    const policy = (await call("/login")).headers.get("Content-Security-Policy")?.split("; ");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });

  it("on the Worker's own pages, names the socket origin of the address the page was loaded from", async () => {
    const page = await call("/dev/mailbox");
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(connectSrc(page.headers.get("Content-Security-Policy"))).toBe(
      "connect-src 'self' ws://localhost https://accounts.google.com/gsi/",
    );

    const onPort = await app.request("http://127.0.0.1:8787/dev/mailbox", {}, env);
    expect(connectSrc(onPort.headers.get("Content-Security-Policy"))).toBe(
      "connect-src 'self' ws://127.0.0.1:8787 https://accounts.google.com/gsi/",
    );
  });
});
