import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError, type MessageValues } from "./errors";
import { type FileKind, SIZE_LIMITS, TOO_LARGE, tooLargeValues } from "./files";

/** Room in a multipart body for the form's other fields and its framing, besides the files themselves. */
export const FORM_ALLOWANCE = 64 * 1024;

/**
 * Refuses with 413 `message` (filled with `values`) a body over `maxFileBytes` (plus the form's allowance) before any of it is
 * parsed: at once by its Content-Length, or, sent without one (chunked), as soon as the bytes read cross
 * the limit. Goes before `validate("form")`, which would otherwise read the whole body into memory.
 */
export const uploadLimit = (maxFileBytes: number, message: string, values?: MessageValues): MiddlewareHandler =>
  bodyLimit({
    maxSize: maxFileBytes + FORM_ALLOWANCE,
    onError: () => {
      throw new AppError(413, message, values);
    },
  });

/** The limit of a form carrying one file of this kind (see SIZE_LIMITS), refused as `readUpload` refuses it. */
export const fileUploadLimit = (kind: FileKind) => uploadLimit(SIZE_LIMITS[kind], TOO_LARGE, tooLargeValues(kind));
