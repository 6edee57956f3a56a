import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { documentKeys, experienceKeys } from "@web/lib/queries/query-keys";
import type { DocumentView } from "@worker/features/documents/documents.schema";

const DOCUMENT_DELETED = /*i18n*/ "Document deleted";
const DOCUMENT_DELETE_FAILED = /*i18n*/ "Failed to delete document";

/** Deletes a document from the list `owner` (a guid or `common`). An activity may have listed it, so the event is read again too. */
export function useDeleteDocument(eventId: string, owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => data(client.api.documents[":documentId"].$delete({ param: { documentId } })),
    onSuccess: async (_, documentId) => {
      const key = documentKeys.of(eventId, owner);
      queryClient.setQueryData<DocumentView[]>(key, (old) => old?.filter((doc) => doc.id !== documentId));
      toast.success(i18n._(DOCUMENT_DELETED));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error, i18n._(DOCUMENT_DELETE_FAILED))),
  });
}
