import { queryOptions } from "@tanstack/react-query";
import { client, data } from "./api-client";

/** Which optional services this deployment has (Google sign-in, image search, places). */
export const serverConfigQuery = queryOptions({
  queryKey: ["server-config"],
  queryFn: () => data(client.oapi.config.$get()),
  staleTime: Infinity,
});
