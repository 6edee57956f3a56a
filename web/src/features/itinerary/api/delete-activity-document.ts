import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import type { ActivityView } from "@worker/shared/itinerary.schema";
import { documentsChanged } from "./documents-changed";
import { updateActivity, type ActivityRef } from "./update-activity";

/** Deletes one of the activity's documents and unlinks it; a failure is a toast with the reason. */
export function useDeleteActivityDocument(activity: ActivityRef, { onSuccess }: { onSuccess?: (updated: ActivityView) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ documentId, linked }: { documentId: string; linked: string[] }) => {
      await data(client.api.documents[":documentId"].$delete({ param: { documentId } }));
      return updateActivity(activity, { documents: linked.filter((id) => id !== documentId) });
    },
    onSuccess: (updated) => documentsChanged(queryClient, activity.eventId, () => onSuccess?.(updated)),
    onError: (error) => toast.error(errorMessage(error, i18n._("Failed to delete document"))),
  });
}
