import { useState, type ImgHTMLAttributes } from "react";

/** What a picture's placeholder (an avatar without a picture) shows: the first letters of the first two words ('AR' for Alex Rivera). */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join("");

type PictureProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  /** Whose picture it is (the experience's, the day's, the person's name): its initials stand in when the link fails. */
  name: string;
  className?: string;
};

/**
 * An image that never shows the browser's broken-image icon: when its link fails (an outside picture taken down, a
 * signed link expired), a neutral placeholder with the initials of `name` takes its place, in the same box.
 */
export function Picture({ src, name, className = "", alt, srcSet, sizes, ...img }: PictureProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src)
    return (
      <span
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={`${className} grid place-items-center bg-slate-200 font-semibold text-slate-600 select-none`}
      >
        {initialsOf(name) || "?"}
      </span>
    );
  // `sizes` means nothing without a `srcset` (an outside picture has no sized copies): it is left out then.
  const sized = srcSet ? { srcSet, sizes } : {};
  return <img src={src} alt={alt} className={className} {...sized} {...img} onError={() => setFailed(src)} />;
}
