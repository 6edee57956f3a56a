import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("/robots.txt", () => {
  it("lets crawlers read the public pages and the share page's itinerary, not the API, the tools or the signed-in app", async () => {
    const response = await env.ASSETS.fetch("http://localhost/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const rules = (await response.text()).split("\n").filter((line) => line && !line.startsWith("#"));
    expect(rules).toEqual([
      "User-agent: *",
      "Allow: /",
      "Allow: /oapi/itinerary/",
      "Disallow: /api/",
      "Disallow: /oapi/",
      "Disallow: /auth/",
      "Disallow: /dev/",
      "Disallow: /manage/",
      "Disallow: /experiences/",
      "Disallow: /events/",
      "Disallow: /profile",
      "Disallow: /reset-password",
    ]);
  });
});
