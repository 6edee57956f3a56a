import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { bulletinKeys } from "@web/lib/queries/query-keys";
import { BULLETIN_MESSAGES, type Bulletin } from "@worker/features/bulletin/bulletin.schema";

export interface NewBulletin {
  title: string;
  description: string;
  image: File | null;
}

/** Posts a bulletin (owner or host). It tops the list at once; its own live `bulletin.changed` then reads the list again. */
export function usePostBulletin(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ title, description, image }: NewBulletin) =>
      data(
        client.api.bulletin[":eventId"].$post({
          param: { eventId },
          form: { title, description, ...(image ? { image } : {}) },
        }),
      ),
    onSuccess: (bulletin) => {
      queryClient.setQueryData<Bulletin[]>(bulletinKeys.event(eventId), (list) => [
        bulletin,
        ...(list ?? []).filter((b) => b.id !== bulletin.id),
      ]);
      toast.success(i18n._(BULLETIN_MESSAGES.posted));
    },
    onError: (error) => toast.error(errorMessage(error, i18n._(BULLETIN_MESSAGES.postFailed))),
  });
}
