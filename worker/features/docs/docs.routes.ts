import type { Hono } from "hono";
import type { AppEnv } from "@worker/env";
import { describer } from "@worker/lib/openapi";
import { openApiDocument } from "./openapi-document";

const describe = describer({ tags: ["Documentation"] });

// Scalar's standalone bundle is a static asset (copied by the Vite build), so the page works offline
// and under the app's CSP: no inline script, the configuration travels in data attributes.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Experiences API reference</title>
</head>
<body>
<script id="api-reference" data-url="/oapi/openapi.json" data-configuration='{"withDefaultFonts":false,"hideClientButton":true,"defaultOpenAllTags":true,"showDeveloperTools":"never","agent":{"disabled":true},"mcp":{"disabled":true},"telemetry":false}'></script>
<script src="/docs/scalar.js"></script>
</body>
</html>`;

/** Adds the OpenAPI document (/oapi/openapi.json) and its reference page (/docs) to the finished app. */
export function mountDocs(app: Hono<AppEnv>): void {
  let document: ReturnType<typeof openApiDocument> | null = null;
  app
    .get(
      "/oapi/openapi.json",
      describe({
        summary: "This document",
        responses: { 200: { contentType: "application/json", description: "The OpenAPI 3.1 document" } },
      }),
      async (c) => {
        document ??= openApiDocument(app);
        return c.json(await document, 200, { "Cache-Control": "public, max-age=300" });
      },
    )
    .get(
      "/docs",
      describe({
        summary: "The API reference page",
        responses: { 200: { contentType: "text/html", description: "The reference, rendered by Scalar" } },
      }),
      (c) => c.html(PAGE),
    );
}
