import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { profileKeys } from "@web/lib/queries/query-keys";
import { session } from "@web/lib/session";

/** The signed-in user, shown at once from the session and refreshed from the server. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.current,
    queryFn: async () => {
      const user = await data(client.api.profile.user.$get());
      session.setUser(user);
      return user;
    },
    initialData: () => session.user() ?? undefined,
    initialDataUpdatedAt: 0,
  });
