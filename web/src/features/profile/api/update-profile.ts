import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { profileKeys } from "@web/lib/queries/query-keys";
import { session } from "@web/lib/session";

type ProfileUpdate = InferRequestType<typeof client.api.profile.user.$put>["json"];

/** Edit Profile's save: 'Profile Updated', or the reason as a toast. */
export function useUpdateProfile({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => data(client.api.profile.user.$put({ json: update })),
    onSuccess: (user) => {
      session.setUser(user);
      queryClient.setQueryData(profileKeys.current, user);
      toast.success(i18n._("Profile Updated"));
      onSuccess?.();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
