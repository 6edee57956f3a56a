/** What an avatar without a picture shows: the first letters of the first two words ('AR' for Alex Rivera). */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join("");

export function Avatar({ src, name, className = "size-9" }: { src?: string | null; name: string; className?: string }) {
  const initials = initialsOf(name);
  return src ? (
    <img src={src} alt="" className={`${className} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${className} grid shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700`}
    >
      {initials || "?"}
    </span>
  );
}
