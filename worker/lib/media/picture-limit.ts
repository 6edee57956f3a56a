import { MAX_PICTURE_PIXELS, PICTURE_TOO_LARGE_MESSAGE } from "@worker/shared/picture-pixels";
import { badRequest } from "../errors";
import { statedPictureSize } from "./probe";

/**
 * Refuses a picture whose header states more than MAX_PICTURE_PIXELS, before anything decodes or resizes it.
 * Every picture the app takes passes here (readUpload, documents, the feed's streamed uploads), with all its
 * bytes, so a header placed late (a JPEG's frame after large Exif or ICC segments) is still read. A header that
 * gives no size is left to the type checks, as before.
 */
export function refuseHugePicture(bytes: Uint8Array, mimeType: string): void {
  const size = statedPictureSize(bytes, mimeType);
  if (size && size.width * size.height > MAX_PICTURE_PIXELS) throw badRequest(PICTURE_TOO_LARGE_MESSAGE);
}
