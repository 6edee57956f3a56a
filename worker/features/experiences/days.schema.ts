import { z } from "zod";
import { descriptionText, subtitleText, pathId } from "@worker/shared/views.schema";
import { requiredText } from "@worker/shared/visible-text";

// Shared with the web forms: only zod and constants here, nothing worker-only.

export const DAY_MESSAGES = {
  nameRequired: /*i18n*/ "Day name is required",
  atLeastOneDay: /*i18n*/ "An experience needs at least one day",
  reorder: /*i18n*/ "programIds must list every day of this experience exactly once",
  imageOnlyCleared: /*i18n*/ "image can only be null here; upload or link a picture through the image endpoints",
} as const;

export const DAY_NAME_MAX = 200;

export const updateDaySchema = z.object({
  name: requiredText(DAY_MESSAGES.nameRequired).max(DAY_NAME_MAX, /*i18n*/ "Day name is too long").optional(),
  subtitle: subtitleText.optional(),
  description: descriptionText.optional(),
  image: z.null({ error: DAY_MESSAGES.imageOnlyCleared }).optional(),
});

export const reorderDaysSchema = z.object({
  programIds: z
    .array(z.string({ error: DAY_MESSAGES.reorder }).max(100, DAY_MESSAGES.reorder), { error: DAY_MESSAGES.reorder })
    .min(1, DAY_MESSAGES.reorder)
    .max(1000, DAY_MESSAGES.reorder),
});

export type UpdateDayInput = z.output<typeof updateDaySchema>;

export const daysParamsSchema = z.object({ eventId: pathId });
export const dayParamsSchema = daysParamsSchema.extend({ dayId: pathId });
