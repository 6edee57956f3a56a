import type { Bindings } from "@worker/env";
import { VARIANT_WIDTHS, type VariantWidth } from "@worker/shared/image-variants";

/** Types the Images binding reads. GIFs keep their animation and BMPs are served whole rather than as a still copy. */
const RESIZABLE = new Set(["image/jpeg", "image/png", "image/webp", "image/avif"]);

/** Where a picture's copy at `width` is kept: beside its original, and deleted with it (see deleteFiles). */
export const variantKey = (key: string, width: VariantWidth) => `${key}/w${width}.webp`;
/** Where a picture's mail copy is kept (mailPicture): beside its original, deleted with it as the others are. */
const mailCopyKey = (key: string) => `${key}/mail.jpg`;
export const variantKeys = (key: string) => [...VARIANT_WIDTHS.map((width) => variantKey(key, width)), mailCopyKey(key)];

/** A mail's picture spans its 520 px column: the copy is twice that, for sharp screens. */
const MAIL_WIDTH = 1040;

export interface Picture {
  body: ReadableStream | Uint8Array;
  mimeType: string;
  size: number;
}

/** A kept copy of a picture: where it is kept, how wide it is at most, its format, and its name in the log. */
interface Copy {
  key: string;
  width: number;
  format: "image/webp" | "image/jpeg";
  name: string;
}

/** The copy of the picture stored under `key`: made once by the Images binding, on its first request, and kept in R2. */
async function keptCopy(env: Bindings, key: string, mimeType: string, copy: Copy): Promise<Picture | null> {
  const kept = await env.FILES.get(copy.key);
  if (kept) return { body: kept.body, mimeType: copy.format, size: kept.size };
  const original = await env.FILES.get(key);
  if (!original) return null;
  if (!RESIZABLE.has(mimeType)) return { body: original.body, mimeType, size: original.size };
  const bytes = new Uint8Array(await original.arrayBuffer());
  try {
    const output = await env.IMAGES.input(new Blob([bytes]).stream())
      .transform({ width: copy.width, fit: "scale-down" })
      .output({ format: copy.format, quality: 80 });
    const made = new Uint8Array(await output.response().arrayBuffer());
    await env.FILES.put(copy.key, made, { httpMetadata: { contentType: copy.format } });
    return { body: made, mimeType: copy.format, size: made.byteLength };
  } catch (error) {
    // Bytes that sniffed as a picture but do not decode: the original still shows what the browser can.
    console.warn(`No ${copy.name} of ${key}: ${error instanceof Error ? error.message : String(error)}`);
    return { body: bytes, mimeType, size: bytes.byteLength };
  }
}

/**
 * The picture stored under `key` at most `width` pixels wide, as WebP. Each copy is made once, by the Images
 * binding on its first request, and kept in R2; a picture it cannot read is answered whole. Null: no such object.
 */
export const pictureVariant = (env: Bindings, key: string, mimeType: string, width: VariantWidth): Promise<Picture | null> =>
  keptCopy(env, key, mimeType, { key: variantKey(key, width), width, format: "image/webp", name: `${width} px copy` });

/**
 * The picture stored under `key` as a mail shows it: at most 1,040 px wide, as JPEG (every mail client reads JPEG; Outlook
 * on Windows does not read WebP), made once and kept in R2. A picture the binding cannot read is answered whole.
 */
export const mailPicture = (env: Bindings, key: string, mimeType: string): Promise<Picture | null> =>
  keptCopy(env, key, mimeType, { key: mailCopyKey(key), width: MAIL_WIDTH, format: "image/jpeg", name: "mail copy" });
