import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";

/**
 * Whether an e-mailed reset link can still set a password: a 404 (unknown, used or expired) fails with the
 * server's reason. Never cached: the link is spent by a reset in another tab.
 */
export const resetLinkQueryOptions = (resetPasswordId: string) =>
  queryOptions({
    queryKey: ["reset-link", resetPasswordId] as const,
    queryFn: () => data(client.oapi["reset-password"][":resetPasswordId"].$get({ param: { resetPasswordId } })),
    gcTime: 0,
    retry: false,
  });
