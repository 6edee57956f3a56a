import { z } from "zod";
import { localeSchema } from "@worker/shared/locale.schema";
import { requiredText } from "@worker/shared/visible-text";

// Shared with the web profile form: only zod here, nothing worker-only.

export const MAX_TAGS = 30;
export const MAX_TAG_LENGTH = 40;

/** Interests as the user means them: trimmed, blanks dropped, the first of any case-insensitive duplicates kept. */
export function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags
    .map((tag) => tag.trim())
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export const updateProfileSchema = z.object({
  firstName: requiredText(/*i18n*/ "First name is required").max(100, /*i18n*/ "First name is too long").optional(),
  lastName: z.string().trim().max(100, /*i18n*/ "Last name is too long").optional(),
  organisation: z.string().trim().max(200, /*i18n*/ "Organisation is too long").optional(),
  bio: z.string().trim().max(5000, /*i18n*/ "About is too long").optional(),
  tags: z
    .array(z.string().trim().max(MAX_TAG_LENGTH, /*i18n*/ "An interest can be at most {maximum} characters long"))
    .transform(cleanTags)
    .refine((tags) => tags.length <= MAX_TAGS, /*i18n*/ "You can add at most 30 interests")
    .optional(),
  /** Their language: every screen, mail and error they read is in it (docs/languages.md). Null: their browser's. */
  language: localeSchema.nullable().optional(),
});

export const profilePictureSchema = z.object({
  file: z.instanceof(File, { error: /*i18n*/ "Please upload an image file" }),
});

export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
