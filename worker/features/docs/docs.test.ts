import { describe, expect, it } from "vitest";
import app from "@worker/app";
import { call } from "@worker/test/helpers";

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown>; security?: unknown[] }>>;
};

const openApiPath = (honoPath: string) => honoPath.replace(/:(\w+)/g, "{$1}").replace(/(.)\/$/, "$1");
const METHODS = ["GET", "PUT", "POST", "DELETE", "PATCH"];

describe("the OpenAPI document", () => {
  it("is served at /oapi/openapi.json as OpenAPI 3.1", async () => {
    const res = await call("/oapi/openapi.json");
    expect(res.status).toBe(200);
    const document = (await res.json()) as Document;
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes every route the app answers", async () => {
    const document = (await (await call("/oapi/openapi.json")).json()) as Document;
    // A wildcard route (the share page's tabs) serves its parent's page, and is left out of the document.
    const routes = [
      ...new Set(
        app.routes
          .filter((route) => METHODS.includes(route.method) && !route.path.includes("*"))
          .map((route) => `${route.method} ${route.path}`),
      ),
    ];
    const missing = routes.filter((key) => {
      const [method, path] = key.split(" ") as [string, string];
      return !document.paths[openApiPath(path)]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
  });

  it("gives every operation a summary and a described success answer", async () => {
    const document = (await (await call("/oapi/openapi.json")).json()) as Document;
    const undescribed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => {
          const successes = Object.entries(operation.responses).filter(([status]) => /^[123]/.test(status));
          return !operation.summary || successes.length === 0 || successes.some(([, r]) => !(r as { description?: string }).description);
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(undescribed).toEqual([]);
  });

  it("asks for the bearer token on every /api operation, with its 401, and a ticket instead for the live socket", async () => {
    const document = (await (await call("/oapi/openapi.json")).json()) as Document;
    expect(document.paths["/api/events/{eventId}/live"]?.get?.security).toEqual([]);
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/") && path !== "/api/events/{eventId}/live")
      .flatMap(([, item]) => Object.values(item));
    expect(operations.length).toBeGreaterThan(20);
    for (const operation of operations) {
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(operation.responses["401"]).toBeDefined();
    }
  });

  it("uses only JSON Schema that validators accept: no empty prefixItems", async () => {
    const source = await (await call("/oapi/openapi.json")).text();
    expect(source).not.toContain('"prefixItems":[]');
  });

  it("documents 304 Not Modified without a body", async () => {
    const document = (await (await call("/oapi/openapi.json")).json()) as Document;
    expect(document.paths["/oapi/itinerary/{eventId}"]?.get?.responses["304"]).toEqual({ description: "The client's copy is current" });
  });

  it("takes a feed upload with the file's own type, as the web sends it", async () => {
    const document = (await (await call("/oapi/openapi.json")).json()) as Document;
    const upload = document.paths["/api/feeds/{eventId}/media"]?.put as unknown as { requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(upload.requestBody.content)).toEqual(["image/*", "video/*", "application/octet-stream"]);
  });

  it("lists every operation's tag in the document's tags, each with a description", async () => {
    const document = (await (await call("/oapi/openapi.json")).json()) as Document & { tags: { name: string; description?: string }[] };
    const used = new Set(
      Object.values(document.paths).flatMap((item) =>
        Object.values(item).flatMap((operation) => (operation as { tags?: string[] }).tags ?? []),
      ),
    );
    const listed = new Map(document.tags.map((tag) => [tag.name, tag.description]));
    expect([...used].filter((tag) => !listed.has(tag))).toEqual([]);
    for (const tag of used) expect(listed.get(tag), tag).toMatch(/\w/);
  });

  it("documents the share image as a JPEG or a PNG, and the one-click unsubscribes as either form type", async () => {
    const document = (await (await call("/oapi/openapi.json")).json()) as Document;
    type WithBody = { requestBody: { content: Record<string, unknown> }; responses: Record<string, { content: Record<string, unknown> }> };
    const image = document.paths["/oapi/itinerary/{eventId}/share-image/{version}"]?.get as unknown as WithBody;
    expect(Object.keys(image.responses["200"]!.content).sort()).toEqual(["image/jpeg", "image/png"]);
    for (const path of ["/oapi/unsubscribe/one-click", "/oapi/notifications/one-click"]) {
      const oneClick = document.paths[path]?.post as unknown as WithBody;
      expect(Object.keys(oneClick.requestBody.content).sort(), path).toEqual(["application/x-www-form-urlencoded", "multipart/form-data"]);
    }
  });

  it("says on each path a URL could share with another which words its parameter never takes", async () => {
    const document = (await (await call("/oapi/openapi.json")).json()) as Document;
    const feedPost = document.paths["/api/feeds/{eventId}/{feedId}"] as Record<string, { description?: string }>;
    for (const operation of Object.values(feedPost)) expect(operation.description).toContain("{feedId} is never `media`, `reports`");
    expect(document.paths["/api/events/{eventId}/form/{formId}"]?.get).toMatchObject({
      description: expect.stringContaining("{formId} is never `active`"),
    });
    expect((document.paths["/api/feeds/{eventId}/media"]?.put as { description?: string }).description).not.toContain("is never");
  });

  it("serves the API reference page at /docs", async () => {
    const res = await call("/docs");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-url="/oapi/openapi.json"');
  });
});
