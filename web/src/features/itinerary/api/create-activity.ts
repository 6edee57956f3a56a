import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IMAGE_UPLOADED } from "@web/components/select-image-modal/select-image-modal";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";
import type { ExternalImageInput } from "@worker/shared/image-input.schema";
import type { LocationView } from "@worker/shared/itinerary.schema";

/** A new activity's cover: a file to upload, or a searched or linked picture. */
export type ImageChoice = { file: File } | { external: ExternalImageInput } | null;

export interface NewActivity {
  name: string;
  subtitle: string;
  description: string;
  location: LocationView | null;
  /** Local date-times ('2027-03-12T09:00'), read by the server on the activity's clock. */
  startIsoTime: string;
  endIsoTime: string;
  /** The activity's own zone; left out, it follows the experience's. */
  timeZone?: string;
  image: ImageChoice;
}

function createActivity(eventId: string, dayId: string, { location, image, ...fields }: NewActivity) {
  const external = image && "external" in image ? image.external : null;
  return data(
    client.api.events[":eventId"].programs[":dayId"].activity.$post({
      param: { eventId, dayId },
      form: {
        ...fields,
        // The form carries a chosen place as JSON; free text as it is.
        location: !location ? undefined : typeof location === "string" ? location : JSON.stringify(location),
        file: image && "file" in image ? image.file : undefined,
        ...(external ? { externalFile: "true", source: external.source, rawUrl: external.rawUrl, photoId: external.photoId } : {}),
      },
    }),
  );
}

/** Add Activity: 'Activity added successfully', and 'Image uploaded successfully' once it carries its cover. */
export function useCreateActivity(eventId: string, dayId: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activity: NewActivity) => createActivity(eventId, dayId, activity),
    onSuccess: async (_created, { image }) => {
      toast.success(i18n._("Activity added successfully"));
      if (image) toast.success(i18n._(IMAGE_UPLOADED));
      await queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) });
      onSuccess?.();
    },
  });
}
