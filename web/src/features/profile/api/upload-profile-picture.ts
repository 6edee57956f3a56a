import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { profileKeys } from "@web/lib/queries/query-keys";
import { session } from "@web/lib/session";

/** A new profile picture, shown everywhere the user appears; a failure is a toast with the reason. */
export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => data(client.api.profile["profile-picture"].$post({ form: { file } })),
    onSuccess: (user) => {
      session.setUser(user);
      queryClient.setQueryData(profileKeys.current, user);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
