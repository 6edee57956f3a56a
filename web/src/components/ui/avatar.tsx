import { initialsOf, Picture } from "./picture";

/**
 * Initials small enough for their circle: in the 24 and 32 px avatars shown overlapping (hosts, going, presence) the
 * 14 px letters ran to the circle's edge, where the next avatar covers it.
 */
const initialsSize = (className: string) => {
  const size = Number(/(?:^|\s)size-(\d+)/.exec(className)?.[1] ?? 9);
  return size <= 6 ? "text-[9px]" : size <= 8 ? "text-[11px]" : "text-sm";
};

export function Avatar({ src, name, className = "size-9" }: { src?: string | null; name: string; className?: string }) {
  const initials = initialsOf(name);
  return src ? (
    <Picture src={src} name={name} alt="" className={`${className} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${className} grid shrink-0 place-items-center rounded-full bg-brand-100 ${initialsSize(className)} font-semibold tracking-tight text-brand-700`}
    >
      {initials || "?"}
    </span>
  );
}
