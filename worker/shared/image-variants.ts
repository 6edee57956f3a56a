// Shared with the web (no Worker imports): the sized WebP copies of an uploaded picture and the URLs naming them.

/** The widths of an uploaded picture's copies: from a phone's screen to a laptop's at 2x. */
export const VARIANT_WIDTHS = [640, 960, 1280, 1920] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** A copy's name in its URL, `/files/{id}/{name}`. */
export const VARIANT_NAMES = ["640.webp", "960.webp", "1280.webp", "1920.webp"] as const satisfies readonly `${VariantWidth}.webp`[];
export type VariantName = (typeof VARIANT_NAMES)[number];
export const variantWidth = (name: VariantName) => Number.parseInt(name, 10) as VariantWidth;

/** The width the cover takes on the share page: the 960 px column, less its 16 px padding each side. */
export const COVER_SIZES = "(min-width: 960px) 928px, calc(100vw - 32px)";

const SIGNED_FILE = /^\/files\/([^/?#]+)\?([^#]*)$/;

/** The file id in the signed URL the API gave for an upload (`/files/{id}?e=…&s=…`); undefined for any other URL. */
export const signedFileId = (url: string) => SIGNED_FILE.exec(url)?.[1];

/**
 * The srcset of an uploaded picture's copies, from the signed URL the API gave for it (`/files/{id}?e=…&s=…`):
 * each copy is signed as its original is. A picture hosted elsewhere (image search, a link) has none.
 */
export function variantSrcset(signedUrl: string): string | undefined {
  const match = SIGNED_FILE.exec(signedUrl);
  if (!match) return undefined;
  return VARIANT_NAMES.map((name) => `/files/${match[1]}/${name}?${match[2]} ${variantWidth(name)}w`).join(", ");
}
