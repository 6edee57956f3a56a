import { z } from "zod";

// Shared with the web forms: only zod here, nothing worker-only.

/** A form's optional file. A browser sends an empty file input as a nameless empty File (or as ""): that is no file. */
export const optionalFormFile = z
  .union([z.instanceof(File), z.literal("")], { error: /*i18n*/ "file must be a file" })
  .optional()
  .transform((file) => (file instanceof File && (file.size > 0 || file.name !== "") ? file : undefined));
