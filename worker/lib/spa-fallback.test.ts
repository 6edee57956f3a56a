import { describe, expect, it } from "vitest";
import { call } from "@worker/test/helpers";
import { namesFile } from "./spa-fallback";

// The Worker gets every path no static asset answers (wrangler.toml: not_found_handling = "none").
describe("a path nothing answers", () => {
  it("answers 404 in plain text, not the app's page, where the path names a file", async () => {
    for (const path of ["/assets/index-missing.js", "/favicon.png", "/apple-touch-icon-precomposed.png", "/some/page.html", "/assets"]) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type"), path).toContain("text/plain");
      expect(await response.text(), path).toBe("Not found");
    }
  });

  it("answers 404 with { error: 'Not found' } under /oapi, /files and /auth (and /api, signed in: app.test.ts)", async () => {
    for (const path of ["/oapi/no-such-thing", "/oapi/logo.png", "/files", "/auth/nothing"]) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ error: "Not found" });
    }
  });

  it("answers a page route with the app's index.html and 200, its own not-found page included", async () => {
    for (const path of ["/login", "/manage/experiences/upcoming", "/no-such-page"]) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type"), path).toContain("text/html");
      expect(response.headers.get("Content-Security-Policy"), path).toContain("script-src");
      expect(await response.text(), path).toContain('<div id="root"></div>');
    }
  });

  it("answers 404 to a page route asked with another method than GET or HEAD", async () => {
    expect((await call("/login", { method: "POST" })).status).toBe(404);
  });
});

describe("namesFile", () => {
  it("tells files (an extension, or under the Worker's own paths and /assets) from pages", () => {
    expect(["/og-default.png", "/favicon.ico", "/x/y.tar.gz", "/assets/a", "/oapi", "/files/abc", "/dev/x"].map(namesFile)).toEqual(
      Array(7).fill(true),
    );
    expect(["/", "/login", "/manage/experiences/upcoming", "/itinerary/abc/day/2", "/assetsmanager", "/v1.2/page"].map(namesFile)).toEqual(
      Array(6).fill(false),
    );
  });
});
