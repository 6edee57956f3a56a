import { z } from "zod";
import { pathId } from "@worker/shared/views.schema";

export const itineraryParamsSchema = z.object({ eventId: pathId });
export const itineraryActivityParamsSchema = itineraryParamsSchema.extend({ activityId: pathId });
/** The share image's URL names the version of what it is drawn from (the share page's og:image gives it). */
export const shareImageParamsSchema = itineraryParamsSchema.extend({
  version: z.string().regex(/^[0-9a-f]{1,64}$/, /*i18n*/ "Not a version of this picture"),
});
