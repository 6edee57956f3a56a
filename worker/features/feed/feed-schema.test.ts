import { describe, expect, it } from "vitest";
import { call } from "@worker/test/helpers";

type Schema = Record<string, unknown> & { properties?: Record<string, unknown> };

describe("the feed's contract in the OpenAPI document", () => {
  it("gives a post's and an upload's mediaMetadata one shared MediaMetadata component: width and height, or null", async () => {
    const document = (await (await call("/oapi/openapi.json")).json()) as { components: { schemas: Record<string, Schema> } };
    const { FeedPost, MediaUpload, MediaMetadata } = document.components.schemas;

    expect(MediaMetadata).toMatchObject({
      type: "object",
      properties: { width: { type: "integer" }, height: { type: "integer" } },
      required: ["width", "height"],
    });
    const nullableMetadata = { anyOf: [{ $ref: "#/components/schemas/MediaMetadata" }, { type: "null" }] };
    expect(FeedPost?.properties?.mediaMetadata).toEqual(nullableMetadata);
    expect(MediaUpload?.properties?.mediaMetadata).toEqual(nullableMetadata);
  });
});
