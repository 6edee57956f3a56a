import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import type { ActivityView } from "@worker/shared/itinerary.schema";
import { unionIds } from "../documents";
import { documentsChanged } from "./documents-changed";
import { commonDocumentsQueryOptions } from "./get-common-documents";
import { updateActivity, type ActivityRef } from "./update-activity";

const uploadCommonDocuments = (eventId: string, files: File[]) =>
  data(client.api.documents.event[":eventId"].common.$post({ param: { eventId }, form: { files } }));

/**
 * Uploads files as the experience's common documents and links them to the activity, after the ones it
 * already has. Its failures are shown by the panel's upload area, which reports every way of uploading.
 */
export function useAttachActivityDocuments(activity: ActivityRef, { onSuccess }: { onSuccess?: (updated: ActivityView) => void } = {}) {
  const queryClient = useQueryClient();
  const common = commonDocumentsQueryOptions(activity.eventId);
  return useMutation({
    mutationFn: async ({ files, linked }: { files: File[]; linked: string[] }) => {
      const uploaded = await uploadCommonDocuments(activity.eventId, files);
      // Show the new files before the event refetch lands.
      queryClient.setQueryData(common.queryKey, (old) => [...(old ?? []), ...uploaded.filter((d) => !old?.some((o) => o.id === d.id))]);
      return updateActivity(activity, {
        documents: unionIds(
          linked,
          uploaded.map((d) => d.id),
        ),
      });
    },
    onSuccess: (updated) => documentsChanged(queryClient, activity.eventId, () => onSuccess?.(updated)),
  });
}
