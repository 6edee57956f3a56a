import { Picture } from "@web/components/ui/picture";

/** A decorative picture of a day or an activity, if it has one, fetched only as it scrolls near. */
export function LazyPicture({ src, name, className }: { src: string | undefined; name: string; className: string }) {
  if (!src) return null;
  return <Picture src={src} name={name} alt="" className={className} loading="lazy" />;
}
