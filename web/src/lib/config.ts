import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";

export interface ServerConfig {
  googleClientId: string | null;
  imageSearch: boolean;
  places: boolean;
}

/** Which optional services this deployment has (Google sign-in, image search, places). */
export const serverConfigQuery = queryOptions({
  queryKey: ["server-config"],
  queryFn: () => api<ServerConfig>("/oapi/config"),
  staleTime: Infinity,
});
