import type { QueryClient } from "@tanstack/react-query";
import { publicItineraryQueryOptions } from "@web/features/itinerary/api/get-public-itinerary";
import { ITINERARY_DATA_ID } from "@worker/shared/first-view";

/**
 * Puts the itinerary the share page's HTML carries into the query cache, as fresh as a fetch made now, so the page
 * shows it at once rather than fetching it again. A page without it (or with one that does not parse) fetches as usual.
 */
export function seedQueriesFromHtml(queryClient: QueryClient): void {
  const element = document.getElementById(ITINERARY_DATA_ID);
  if (!element) return;
  element.remove();
  try {
    // The Worker wrote what GET /oapi/itinerary/{id} answers, the data the query's key is typed with.
    const itinerary = JSON.parse(element.textContent ?? "");
    queryClient.setQueryData(publicItineraryQueryOptions(itinerary.id).queryKey, itinerary);
  } catch {
    // Not JSON: the page fetches it.
  }
}
