import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { rsvpKeys } from "@web/lib/queries/query-keys";

/** What an invitation mail's link names (the invited address and names, whether it still waits), read without a sign-in. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: rsvpKeys.invitation(token),
    queryFn: () => data(client.oapi.invitations[":token"].$get({ param: { token } })),
    staleTime: Infinity,
    retry: false,
  });
