import { useId, useState } from "react";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";

/** Posts longer than this, or of more lines, fold to their first lines with 'More'. */
const FOLD_CHARACTERS = 280;
const FOLD_LINES = 5;

const isLong = (text: string) => text.length > FOLD_CHARACTERS || text.split("\n").length > FOLD_LINES;

/** A post's words, first in the card; a long one shows its first five lines and 'More', which opens the rest in place. */
export function PostText({ text }: { text: string }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const id = useId();
  const folded = !open && isLong(text);
  return (
    <div className="px-4 pt-3">
      <UserText as="p" id={id} className={`break-words whitespace-pre-wrap text-slate-800 ${folded ? "line-clamp-5" : ""}`}>
        {text}
      </UserText>
      {folded && (
        <button
          type="button"
          aria-controls={id}
          aria-expanded={false}
          onClick={() => setOpen(true)}
          className="mt-1 rounded text-sm font-semibold text-brand-700 hover:underline max-sm:min-h-11"
        >
          {i18n._("More")}
        </button>
      )}
    </div>
  );
}
