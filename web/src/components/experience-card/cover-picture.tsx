import type { ComponentProps } from "react";
import { Picture } from "@web/components/ui/picture";
import { variantSrcset } from "@worker/shared/image-variants";

/**
 * An experience's cover filling its box (the card's, the public page's), offered in its stored widths so the browser
 * takes the one `sizes` asks for; decoration only, as the name beside it says what it is.
 */
export function CoverPicture({
  src,
  ...picture
}: Omit<ComponentProps<typeof Picture>, "srcSet" | "alt" | "className"> & { sizes: string }) {
  return <Picture src={src} srcSet={variantSrcset(src)} alt="" className="absolute inset-0 size-full object-cover" {...picture} />;
}
