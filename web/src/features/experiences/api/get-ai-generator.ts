import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";

/** Which generator builds this deployment's itineraries (Workers AI or the offline one): it does not change while the app runs. */
export const aiGeneratorQuery = queryOptions({
  queryKey: ["ai-generator"],
  queryFn: () => data(client.api.ai.$get()),
  staleTime: Infinity,
});
