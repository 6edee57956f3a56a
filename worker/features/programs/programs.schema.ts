import { z } from "zod";
import { requiredText } from "@worker/shared/visible-text";
import { descriptionText, subtitleText, pathId } from "@worker/shared/views.schema";

// Shared with the web forms: only zod and constants here, nothing worker-only.

export const PROGRAM_MESSAGES = {
  nameRequired: "Day name is required",
  atLeastOneDay: "An experience needs at least one day",
  reorder: "programIds must list every day of this experience exactly once",
  imageOnlyCleared: "image can only be null here; upload or link a picture through the image endpoints",
} as const;

export const DAY_NAME_MAX = 200;

export const updateProgramSchema = z.object({
  name: requiredText(PROGRAM_MESSAGES.nameRequired).max(DAY_NAME_MAX, "Day name is too long").optional(),
  subtitle: subtitleText.optional(),
  description: descriptionText.optional(),
  image: z.null({ error: PROGRAM_MESSAGES.imageOnlyCleared }).optional(),
});

export const reorderProgramsSchema = z.object({
  programIds: z
    .array(z.string({ error: PROGRAM_MESSAGES.reorder }).max(100, PROGRAM_MESSAGES.reorder), { error: PROGRAM_MESSAGES.reorder })
    .min(1, PROGRAM_MESSAGES.reorder)
    .max(1000, PROGRAM_MESSAGES.reorder),
});

export type UpdateProgramInput = z.output<typeof updateProgramSchema>;

export const programsParamsSchema = z.object({ eventId: pathId });
export const dayParamsSchema = programsParamsSchema.extend({ dayId: pathId });
