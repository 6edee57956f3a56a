import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Validator } from "@seriousme/openapi-schema-validator";
import { expect, test } from "./fixtures";

type Document = { paths: Record<string, Record<string, { summary?: string }>> };

test.describe("API documentation", () => {
  test("the OpenAPI document validates against the OpenAPI 3.1 schema", async ({ request }) => {
    const document = await (await request.get("/oapi/openapi.json")).json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test("the OpenAPI document has no error under Redocly's recommended rules (what `redocly lint` checks)", async ({ request }) => {
    const source = await (await request.get("/oapi/openapi.json")).text();
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source, absoluteRef: "openapi.json", config });
    const errors = problems.filter((problem) => problem.severity === "error");
    expect(errors.map((error) => `${error.ruleId}: ${error.message} (${error.location[0]?.pointer ?? ""})`)).toEqual([]);
  });

  test("/docs shows every operation of the document", async ({ page, request }) => {
    const document = (await (await request.get("/oapi/openapi.json")).json()) as Document;
    const summaries = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.summary ?? ""));
    expect(summaries.length).toBeGreaterThan(40);
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: "Experiences API" }).first()).toBeVisible();
    for (const summary of summaries) await expect(page.getByText(summary, { exact: true }).first()).toBeAttached();
  });
});
