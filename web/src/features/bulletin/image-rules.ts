import { i18n } from "@web/lib/i18n";
import { BULLETIN_IMAGE_MAX_BYTES, BULLETIN_IMAGE_TYPES, BULLETIN_MESSAGES } from "@worker/features/bulletin/bulletin.schema";

const EXTENSIONS = /\.(jpe?g|png|gif)$/i;

/**
 * Why this file cannot be the bulletin's image, or null. A first look by its type or name, so a wrong pick
 * is refused before it is sent; the server decides by the bytes.
 */
export function imageProblem(file: File): string | null {
  const typed = file.type ? (BULLETIN_IMAGE_TYPES as readonly string[]).includes(file.type) : EXTENSIONS.test(file.name);
  if (!typed) return i18n._(BULLETIN_MESSAGES.wrongImage);
  if (file.size > BULLETIN_IMAGE_MAX_BYTES) return i18n._(BULLETIN_MESSAGES.imageTooLarge);
  return null;
}
