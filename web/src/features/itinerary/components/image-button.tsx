import { Picture } from "@web/components/ui/picture";
import { useI18n } from "@web/lib/i18n";
import type { ImageView } from "@worker/shared/views.schema";

interface ImageButtonProps {
  image: ImageView | null;
  /** Whose picture it is: its initials stand in while the picture does not load. */
  name: string;
  /** What the box says while there is no picture. */
  emptyLabel: string;
  onClick: () => void;
  /** The box's shape (its ratio, corners, gradient). */
  className: string;
  /** 'Change image' shows only while the button is hovered or focused. */
  revealChange?: boolean;
}

/** An activity's or a day's picture in the editor, or a box asking for one: choosing it opens the image picker. */
export function ImageButton({ image, name, emptyLabel, onClick, className, revealChange = false }: ImageButtonProps) {
  const i18n = useI18n();
  const reveal = revealChange ? " opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100" : "";
  return (
    <button type="button" onClick={onClick} className={`group relative block w-full text-sm text-slate-500 ${className}`}>
      {image ? (
        <Picture src={image.original} name={name} alt="" className="absolute inset-0 size-full object-cover" />
      ) : (
        <span className="grid h-full place-items-center">{emptyLabel}</span>
      )}
      <span className={`absolute end-2 bottom-2 rounded-md bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-700${reveal}`}>
        {i18n._("Change image")}
      </span>
    </button>
  );
}
