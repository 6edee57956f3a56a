import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { client, data } from "@web/lib/api-client";
import { documentKeys } from "@web/lib/queries/query-keys";
import { uploadWithProgress } from "@web/lib/upload-with-progress";
import type { DocumentView, documentUploadSchema } from "@worker/features/documents/documents.schema";
import { COMMON } from "./get-documents";

type DocumentsPost = ReturnType<(typeof client.api.documents.event)[":eventId"]["common"]["$post"]>;
type UploadField = keyof z.input<typeof documentUploadSchema>;

/** What the uploader says the files are (spec 2 §3): a snake_case type, or 'other' with its own words. None: the server names them `pdf` or `image`. */
export interface DocumentKind {
  type: string;
  otherDocumentType?: string;
}

export interface DocumentUploadInput {
  /** A participant's guid, or `common`. */
  owner: string;
  file: File;
  kind: DocumentKind | null;
  onProgress: (percent: number) => void;
}

/** Posts one file as its own request, so each file reports its own progress and succeeds or fails alone. */
function uploadDocument(eventId: string, { owner, file, kind, onProgress }: DocumentUploadInput) {
  const routes = client.api.documents.event[":eventId"];
  const url =
    owner === COMMON ? routes.common.$url({ param: { eventId } }) : routes.user[":userId"].$url({ param: { eventId, userId: owner } });
  const form = new FormData();
  const field = (name: UploadField, value: string | Blob) => form.append(name, value);
  field("files", file);
  if (kind) field("type", kind.type);
  if (kind?.otherDocumentType) field("otherDocumentType", kind.otherDocumentType);
  return data(uploadWithProgress({ method: "POST", url, body: form, onProgress }) as DocumentsPost);
}

/** Uploads a document; the list shows it at once, and is read again for what others added meanwhile. Failures are the caller's to show, per file. */
export function useUploadDocument(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentUploadInput) => uploadDocument(eventId, input),
    onSuccess: async (uploaded, { owner }) => {
      const key = documentKeys.of(eventId, owner);
      queryClient.setQueryData<DocumentView[]>(key, (old) => [
        ...uploaded,
        ...(old ?? []).filter((doc) => !uploaded.some((added) => added.id === doc.id)),
      ]);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
