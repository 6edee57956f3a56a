import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";
import { uploadWithProgress } from "@web/lib/upload-with-progress";
import { uploadExperienceImage } from "./upload-experience-image";

type CreateExperienceForm = InferRequestType<typeof client.api.events.$post>["form"];
type ExperiencesPost = ReturnType<typeof client.api.events.$post>;
export type CreatedExperience = Awaited<ReturnType<typeof createExperience>>;

interface NewExperience extends Omit<CreateExperienceForm, "isAIMode" | "file"> {
  isAIMode: boolean;
  /** In AI mode the PDF the itinerary is built from; otherwise the cover. */
  file?: File | null;
  /** In AI mode the cover, uploaded once the experience exists. */
  cover?: File | null;
  /** Whole percentages of the form sent; 100 once the server has it all and is working. */
  onProgress?: (percent: number) => void;
  /** Cancel: aborts the request. An answer that arrives anyway opens nothing (see useCreateExperience). */
  signal?: AbortSignal;
}

/** The multipart form the route reads, its field names checked against the server's schema. */
function createExperienceForm({ isAIMode, file, prompt, ...fields }: Omit<NewExperience, "cover" | "onProgress" | "signal">) {
  const form = new FormData();
  const field = (name: keyof CreateExperienceForm, value: string | Blob | undefined) => value !== undefined && form.append(name, value);
  field("name", fields.name);
  field("startIsoTime", fields.startIsoTime);
  field("endIsoTime", fields.endIsoTime);
  field("timeZone", fields.timeZone);
  field("privacy", fields.privacy);
  field("rsvpType", fields.rsvpType);
  field("isAIMode", isAIMode ? "true" : "false");
  if (isAIMode && prompt) field("prompt", prompt);
  if (file) field("file", file);
  return form;
}

// XHR rather than the client's fetch: an AI-mode PDF can be large, and the modal shows how much of it is sent.
async function createExperience({ cover, onProgress, signal, ...experience }: NewExperience) {
  const url = client.api.events.$url();
  const created = await data(
    uploadWithProgress({ method: "POST", url, body: createExperienceForm(experience), onProgress, signal }) as ExperiencesPost,
  );
  // The experience exists by now: a failed cover is told, not treated as a failed creation (which a retry would duplicate).
  if (experience.isAIMode && cover && !signal?.aborted) {
    try {
      await uploadExperienceImage(created.id, cover);
    } catch (error) {
      toast.error(errorMessage(error, i18n._("Failed to upload image")));
    }
  }
  return created;
}

/** How long after a cancel the server may still be finishing a generation (its 25 s limit, and a margin). */
export const CANCELLED_GENERATION_SETTLES_MS = 30_000;

/** A cancelled creation: the person chose it, so nothing is said. */
const isCancelled = (error: unknown) => error instanceof Object && "name" in error && error.name === "AbortError";

/**
 * New Experience: 'Experience Created', and every list of experiences refetched. A creation cancelled after the
 * server answered still refetches the lists (the experience exists) but says and opens nothing.
 */
export function useCreateExperience({
  onSuccess,
  onError,
}: { onSuccess?: (created: CreatedExperience) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExperience,
    onSuccess: async (created, { signal }) => {
      const cancelled = signal?.aborted;
      if (!cancelled) toast.success(i18n._("Experience Created"));
      await queryClient.invalidateQueries({ queryKey: experienceKeys.all });
      if (!cancelled) onSuccess?.(created);
    },
    onError: (error) => {
      if (!isCancelled(error)) return onError?.(error);
      // The server may have had the whole form already and still be generating: the lists are read again now and
      // once the generation would have ended, so an experience made anyway shows up rather than being made twice.
      void queryClient.invalidateQueries({ queryKey: experienceKeys.all });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: experienceKeys.all }), CANCELLED_GENERATION_SETTLES_MS);
    },
  });
}
