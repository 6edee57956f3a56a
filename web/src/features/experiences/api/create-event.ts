import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { toast } from "../../../components/ui/toast";
import { client, data, errorMessage } from "../../../lib/api-client";
import { eventKeys } from "../../../lib/query-keys";
import { uploadEventImage } from "./upload-event-image";

type CreateEventForm = InferRequestType<typeof client.api.events.$post>["form"];
export type CreatedEvent = Awaited<ReturnType<typeof createEvent>>;

export interface NewExperience extends Omit<CreateEventForm, "isAIMode" | "file"> {
  isAIMode: boolean;
  /** In AI mode the PDF the itinerary is built from; otherwise the cover. */
  file?: File | null;
  /** In AI mode the cover, uploaded once the experience exists. */
  cover?: File | null;
}

async function createEvent({ isAIMode, file, cover, prompt, ...fields }: NewExperience) {
  const created = await data(
    client.api.events.$post({
      form: { ...fields, isAIMode: isAIMode ? "true" : "false", prompt: isAIMode && prompt ? prompt : undefined, file: file ?? undefined },
    }),
  );
  // The experience exists by now: a failed cover is told, not treated as a failed creation (which a retry would duplicate).
  if (isAIMode && cover) {
    try {
      await uploadEventImage(created.id, cover);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to upload image"));
    }
  }
  return created;
}

/** New Experience: 'Experience Created', and every list of experiences refetched. */
export function useCreateEvent({ onSuccess, onError }: { onSuccess?: (created: CreatedEvent) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: async (created) => {
      toast.success("Experience Created");
      await queryClient.invalidateQueries({ queryKey: eventKeys.all });
      onSuccess?.(created);
    },
    onError,
  });
}
