import { useLayoutEffect, useRef, useState, type ReactNode } from "react";

const arrowButton =
  "absolute inset-y-0 flex w-11 items-center text-2xl text-slate-500 hover:text-slate-900 from-slate-50 from-45% to-transparent";

/** Room kept at each end for the fade and its arrow, so what is brought into view is not under them. */
const ARROW_ROOM = 44;

/** Scrolls the row (the item's offset parent) just enough that the item is wholly in view, clear of the arrows. */
function bringIntoView(row: HTMLElement, item: HTMLElement) {
  const start = item.offsetLeft - ARROW_ROOM;
  const end = item.offsetLeft + item.offsetWidth + ARROW_ROOM;
  if (start < row.scrollLeft) row.scrollLeft = Math.max(0, start);
  else if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth;
}

/**
 * A row wider than the screen that scrolls sideways (a tab bar on a phone), which shows that it does: a fade and an arrow
 * at each end with more beyond it; the arrow scrolls that way. The link marked current (aria-current="page") is scrolled
 * into view at first. Keyboard users need no arrows: whatever gets focus in the row is scrolled wholly into view.
 */
export function ScrollRow({ children, className = "" }: { children: ReactNode; className?: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useLayoutEffect(() => {
    const row = scroller.current;
    if (!row) return;
    const current = row.querySelector<HTMLElement>('[aria-current="page"]');
    if (current) bringIntoView(row, current);
    const onFocus = (event: FocusEvent) => event.target instanceof HTMLElement && bringIntoView(row, event.target);
    row.addEventListener("focusin", onFocus);
    const measure = () => {
      const before = row.scrollLeft > 1;
      const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setMore((was) => (was.before === before && was.after === after ? was : { before, after }));
    };
    measure();
    row.addEventListener("scroll", measure, { passive: true });
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    resized?.observe(row);
    if (row.firstElementChild) resized?.observe(row.firstElementChild);
    return () => {
      row.removeEventListener("scroll", measure);
      row.removeEventListener("focusin", onFocus);
      resized?.disconnect();
    };
  }, []);

  const scrollBy = (direction: -1 | 1) => {
    const row = scroller.current;
    row?.scrollBy({ left: direction * row.clientWidth * 0.6, behavior: "smooth" });
  };
  // The arrows repeat what swiping and the Tab key already do, so they stay out of the tab order and of assistive technology.
  return (
    <div className={`relative min-w-0 ${className}`}>
      <div ref={scroller} className="relative overflow-x-auto [scrollbar-width:none]">
        {children}
      </div>
      {more.before && <ScrollArrow side="before" onClick={() => scrollBy(-1)} />}
      {more.after && <ScrollArrow side="after" onClick={() => scrollBy(1)} />}
    </div>
  );
}

const ARROWS = {
  before: { place: "left-0 justify-start bg-gradient-to-r", arrow: "‹" },
  after: { place: "right-0 justify-end bg-gradient-to-l", arrow: "›" },
} as const;

function ScrollArrow({ side, onClick }: { side: keyof typeof ARROWS; onClick: () => void }) {
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden
      data-scroll-arrow={side}
      onClick={onClick}
      className={`${arrowButton} ${ARROWS[side].place}`}
    >
      {ARROWS[side].arrow}
    </button>
  );
}
