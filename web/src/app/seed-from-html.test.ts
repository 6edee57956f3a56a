import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { experienceKeys } from "@web/lib/queries/query-keys";
import { ITINERARY_DATA_ID } from "@worker/shared/first-view";
import { seedQueriesFromHtml } from "./seed-from-html";

function htmlCarries(text: string) {
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = ITINERARY_DATA_ID;
  block.textContent = text;
  document.body.append(block);
}

afterEach(() => document.body.replaceChildren());

describe("seedQueriesFromHtml", () => {
  it("puts the share page's itinerary into the cache under its query's key, fresh, and drops the block", () => {
    const itinerary = { id: "e1", name: "Lisbon </script> weekend", programs: [] };
    htmlCarries(JSON.stringify(itinerary).replaceAll("<", "\\u003c"));
    const queryClient = new QueryClient();
    seedQueriesFromHtml(queryClient);
    expect(queryClient.getQueryData(experienceKeys.publicItinerary("e1"))).toEqual(itinerary);
    expect(queryClient.getQueryState(experienceKeys.publicItinerary("e1"))?.dataUpdatedAt).toBeGreaterThan(0);
    expect(document.getElementById(ITINERARY_DATA_ID)).toBeNull();
  });

  it("leaves the cache empty when the page carries no itinerary, or one that does not parse", () => {
    const queryClient = new QueryClient();
    seedQueriesFromHtml(queryClient);
    htmlCarries("{not json");
    seedQueriesFromHtml(queryClient);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
