import type { ImageView } from "@worker/shared/views.schema";

/**
 * An uploaded picture (a template's cover) downloaded as a file of its own, to be sent with a new activity:
 * the signed link it came with expires. Null when it cannot be read.
 */
export async function copyUploadedImage(view: ImageView): Promise<File | null> {
  const response = await fetch(view.original);
  if (!response.ok) return null;
  const blob = await response.blob();
  return new File([blob], "cover", { type: blob.type });
}
