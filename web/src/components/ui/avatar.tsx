import { initialsOf, Picture } from "./picture";

export function Avatar({ src, name, className = "size-9" }: { src?: string | null; name: string; className?: string }) {
  const initials = initialsOf(name);
  return src ? (
    <Picture src={src} name={name} alt="" className={`${className} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${className} grid shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700`}
    >
      {initials || "?"}
    </span>
  );
}
