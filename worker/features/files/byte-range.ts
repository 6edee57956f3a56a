/** What a request's Range header asks of a file of `size` bytes (RFC 9110 §14). */
export type RangeAsked =
  | { kind: "whole" }
  | { kind: "part"; offset: number; length: number }
  /** Every position asked lies past the end: 416. */
  | { kind: "unsatisfiable" };

const SINGLE = /^bytes=(\d*)-(\d*)$/i;

/**
 * One range (`a-b`, `a-`, `-n`) is served as a part. Several ranges are answered with the whole file (which RFC
 * 9110 allows: a multipart answer would only cost the Worker), and a header it cannot parse is ignored, as the
 * RFC says. With If-Range, only a validator equal to the current ETag keeps the range; a date never does.
 */
export function rangeAsked(range: string | undefined, ifRange: string | undefined, etag: string, size: number): RangeAsked {
  if (!range) return { kind: "whole" };
  if (ifRange !== undefined && ifRange.trim() !== etag) return { kind: "whole" };
  const match = SINGLE.exec(range.trim());
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    const length = Math.min(suffix, size);
    return { kind: "part", offset: size - length, length };
  }
  const offset = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (offset >= size) return { kind: "unsatisfiable" };
  if (end < offset) return { kind: "whole" };
  return { kind: "part", offset, length: Math.min(end, size - 1) - offset + 1 };
}
