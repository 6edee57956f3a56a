import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DocumentView } from "../../../../../worker/features/documents/documents.schema";
import { client, data } from "../../../lib/api-client";
import { documentKeys } from "../../../lib/query-keys";
import { uploadWithProgress } from "../../../lib/upload-with-progress";
import { COMMON } from "./get-documents";

type DocumentsPost = ReturnType<(typeof client.api.documents.event)[":eventId"]["common"]["$post"]>;

export interface DocumentUploadInput {
  /** A participant's guid, or `common`. */
  owner: string;
  file: File;
  onProgress: (percent: number) => void;
}

/** Posts one file as its own request, so each file reports its own progress and succeeds or fails alone. */
function uploadDocument(eventId: string, { owner, file, onProgress }: DocumentUploadInput) {
  const routes = client.api.documents.event[":eventId"];
  const url = owner === COMMON ? routes.common.$url({ param: { eventId } }) : routes.user[":userId"].$url({ param: { eventId, userId: owner } });
  const form = new FormData();
  form.append("files", file);
  return data(uploadWithProgress({ method: "POST", url, body: form, onProgress }) as DocumentsPost);
}

/** Uploads a document; the list shows it at once, and is read again for what others added meanwhile. Failures are the caller's to show, per file. */
export function useUploadDocument(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentUploadInput) => uploadDocument(eventId, input),
    onSuccess: async (uploaded, { owner }) => {
      const key = documentKeys.of(eventId, owner);
      queryClient.setQueryData<DocumentView[]>(key, (old) => [...uploaded, ...(old ?? []).filter((doc) => !uploaded.some((added) => added.id === doc.id))]);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

