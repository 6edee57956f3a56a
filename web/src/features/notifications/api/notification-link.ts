import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";

const linkKey = (token: string) => ["notification-link", token] as const;

/** The kind of e-mail a notification's link is about, the address, and whether it is on; a link the server did not sign fails (400). */
export const notificationLinkQueryOptions = (token: string) =>
  queryOptions({ queryKey: linkKey(token), queryFn: () => data(client.oapi.notifications.$get({ query: { token } })), retry: false });

/** Turns that kind of e-mail on again (or off). */
export function useChooseNotificationLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => data(client.oapi.notifications.$put({ query: { token }, json: { enabled } })),
    onSuccess: (status) => queryClient.setQueryData(linkKey(token), status),
  });
}
