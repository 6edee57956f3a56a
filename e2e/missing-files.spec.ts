import { expect, test } from "./fixtures";
import { experienceViaApi, registerViaApi } from "./support";

// Against wrangler dev, whose static assets answer what exists and hand every other path to the Worker.
test.describe("files and pages", () => {
  test("a file path that does not exist answers 404, never the app's page with 200", async ({ request }) => {
    for (const path of ["/assets/index-missing.js", "/favicon.png", "/robots2.txt", "/demo/missing.svg"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).not.toContain("<html");
    }
    const api = await request.get("/oapi/missing.json");
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ error: "Not found" });
  });

  test("the icons and the app's share card are served as images", async ({ request }) => {
    for (const [path, type] of [
      ["/favicon.ico", "image/"],
      ["/favicon.svg", "image/svg+xml"],
      ["/apple-touch-icon.png", "image/png"],
      ["/icon-192.png", "image/png"],
      ["/icon-512.png", "image/png"],
      ["/og-default.png", "image/png"],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toContain(type);
    }
  });

  test("a page route is the app: an unknown page shows what the app shows there, the landing page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Multi-day events, perfectly in sync." })).toBeVisible();
  });

  test("a public experience's og:image answers a 1200x630 picture", async ({ request }) => {
    const owner = await registerViaApi(request);
    const id = await experienceViaApi(request, owner, { name: "Share preview check" });
    const html = await (await request.get(`/itinerary/${id}`)).text();
    const image = html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
    expect(image).toMatch(new RegExp(`^https?://[^/]+/oapi/itinerary/${id}/share-image/[0-9a-f]+$`));
    const response = await request.get(new URL(image!).pathname);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const bytes = await response.body();
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
