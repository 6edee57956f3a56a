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

/**
 * The picture stored under `key` at most `width` pixels wide, as WebP. Each copy is made once, by the Images
 * binding on its first request, and kept in R2; a picture it cannot read is answered whole. Null: no such object.
 */
export async function pictureVariant(env: Bindings, key: string, mimeType: string, width: VariantWidth): Promise<Picture | null> {
  const kept = await env.FILES.get(variantKey(key, width));
  if (kept) return { body: kept.body, mimeType: "image/webp", size: kept.size };
  const original = await env.FILES.get(key);
  if (!original) return null;
  if (!RESIZABLE.has(mimeType)) return { body: original.body, mimeType, size: original.size };
  const bytes = new Uint8Array(await original.arrayBuffer());
  try {
    const output = await env.IMAGES.input(new Blob([bytes]).stream())
      .transform({ width, fit: "scale-down" })
      .output({ format: "image/webp", quality: 80 });
    const copy = new Uint8Array(await output.response().arrayBuffer());
    await env.FILES.put(variantKey(key, width), copy, { httpMetadata: { contentType: "image/webp" } });
    return { body: copy, mimeType: "image/webp", size: copy.byteLength };
  } catch (error) {
    // Bytes that sniffed as a picture but do not decode: the original still shows what the browser can.
    console.warn(`No ${width} px copy of ${key}: ${error instanceof Error ? error.message : String(error)}`);
    return { body: bytes, mimeType, size: bytes.byteLength };
  }
}

/**
 * The picture stored under `key` as a mail shows it: at most 1,040 px wide, as JPEG (every mail client reads JPEG; Outlook
 * on Windows does not read WebP), made once and kept in R2. A picture the binding cannot read is answered whole.
 */
export async function mailPicture(env: Bindings, key: string, mimeType: string): Promise<Picture | null> {
  const kept = await env.FILES.get(mailCopyKey(key));
  if (kept) return { body: kept.body, mimeType: "image/jpeg", size: kept.size };
  const original = await env.FILES.get(key);
  if (!original) return null;
  if (!RESIZABLE.has(mimeType)) return { body: original.body, mimeType, size: original.size };
  const bytes = new Uint8Array(await original.arrayBuffer());
  try {
    const output = await env.IMAGES.input(new Blob([bytes]).stream())
      .transform({ width: MAIL_WIDTH, fit: "scale-down" })
      .output({ format: "image/jpeg", quality: 80 });
    const copy = new Uint8Array(await output.response().arrayBuffer());
    await env.FILES.put(mailCopyKey(key), copy, { httpMetadata: { contentType: "image/jpeg" } });
    return { body: copy, mimeType: "image/jpeg", size: copy.byteLength };
  } catch (error) {
    console.warn(`No mail copy of ${key}: ${error instanceof Error ? error.message : String(error)}`);
    return { body: bytes, mimeType, size: bytes.byteLength };
  }
}
