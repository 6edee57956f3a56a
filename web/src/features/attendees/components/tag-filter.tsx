import { useLayoutEffect, useState } from "react";
import { useDisclosure } from "@web/components/ui/use-disclosure";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import { intlLocale } from "@worker/shared/locales";

// The panel's width (w-60) and the least room it keeps from the screen's edge.
const PANEL_PX = 240;
const EDGE_PX = 8;

/**
 * The panel opens under the button, its right edge on the button's; when the toolbar wraps the button to the
 * start of a row on a narrow phone, that would push the panel off the left of the screen, so it opens rightwards.
 */
function panelSide(button: HTMLElement): "left" | "right" {
  const { left, right } = button.getBoundingClientRect();
  return right - PANEL_PX < EDGE_PX && left + PANEL_PX <= window.innerWidth - EDGE_PX ? "left" : "right";
}

/**
 * 'Filter by Tags': a multi-select of the tags on the list; Escape or a click elsewhere closes it. It stays
 * usable while anything is chosen, so a filter can always be cleared.
 */
export function TagFilter({
  tags,
  chosen,
  onChange,
}: {
  tags: string[];
  chosen: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const i18n = useI18n();
  const [side, setSide] = useState<"left" | "right">("right");
  const usable = tags.length > 0 || chosen.size > 0;
  const { open: shown, root, button, panelId, trigger, panel } = useDisclosure(usable);

  // Measured after every render while open: ticking a tag widens the button, which may wrap it to another row.
  useLayoutEffect(() => {
    if (shown && button.current) setSide(panelSide(button.current));
  });

  const toggle = (tag: string) => {
    const next = new Set(chosen);
    if (next.has(tag)) next.delete(tag);
    else next.add(tag);
    onChange(next);
  };

  return (
    <div ref={root} className="relative">
      <button
        {...trigger}
        aria-controls={shown ? panelId : undefined}
        disabled={!usable}
        className="inline-flex h-10 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {i18n._("Filter by Tags")}
        {chosen.size > 0 && (
          <span className="rounded-full bg-brand-100 px-1.5 text-xs font-semibold text-brand-700">
            {new Intl.NumberFormat(intlLocale(i18n.locale)).format(chosen.size)}
          </span>
        )}
      </button>
      {shown && (
        <div
          {...panel}
          aria-label={i18n._("Filter by Tags")}
          data-side={side}
          className="absolute z-20 mt-1 max-h-72 w-60 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg data-[side=left]:left-0 data-[side=right]:right-0"
        >
          {tags.map((tag) => (
            <label
              key={tag}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm sm:min-h-0 text-slate-700 hover:bg-slate-50"
            >
              <input type="checkbox" checked={chosen.has(tag)} onChange={() => toggle(tag)} className="size-4 accent-brand-600" />
              <UserText className="truncate">{tag}</UserText>
            </label>
          ))}
          {chosen.size > 0 && (
            <button
              type="button"
              onClick={() => onChange(new Set())}
              className="mt-1 min-h-11 w-full rounded-lg px-2 py-1.5 text-start text-sm font-medium sm:min-h-0 text-brand-700 hover:bg-brand-50"
            >
              {i18n._("Clear tags")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
