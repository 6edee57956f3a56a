import { useLayoutEffect, useRef, useState, type ReactNode } from "react";

const arrowButton =
  "absolute inset-y-0 flex w-11 items-center text-2xl text-slate-500 hover:text-slate-900 from-slate-50 from-45% to-transparent";

/** Room kept at each end for the fade and its arrow, so what is brought into view is not under them. */
const ARROW_ROOM = 44;

/**
 * Scrolls the row just enough that the item is wholly in view, clear of the arrows. Measured on screen, so it holds in
 * either direction: a right-to-left row's scrollLeft runs from 0 down to negative values, and raising it still moves
 * the content leftwards.
 */
function bringIntoView(row: HTMLElement, item: HTMLElement) {
  const shown = row.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  const beyondLeft = shown.left + ARROW_ROOM - box.left;
  const beyondRight = box.right - (shown.right - ARROW_ROOM);
  if (beyondLeft > 0) row.scrollLeft -= beyondLeft;
  else if (beyondRight > 0) row.scrollLeft += beyondRight;
}

/** Whether the row runs right to left (Arabic, Hebrew): its start is then on the right. */
const isRtl = (row: HTMLElement) => getComputedStyle(row).direction === "rtl";

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
      // How far from the row's start, whichever side that is (negative right to left).
      const scrolled = Math.abs(row.scrollLeft);
      const before = scrolled > 1;
      const after = scrolled + row.clientWidth < row.scrollWidth - 1;
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
    if (!row) return;
    row.scrollBy({ left: (isRtl(row) ? -direction : direction) * row.clientWidth * 0.6, behavior: "smooth" });
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
  // Each arrow at its end of the row, pointing outwards, its fade towards the middle: mirrored right to left.
  before: { place: "start-0 justify-start bg-gradient-to-r rtl:bg-gradient-to-l", arrow: "‹" },
  after: { place: "end-0 justify-end bg-gradient-to-l rtl:bg-gradient-to-r", arrow: "›" },
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
      <span className="inline-block rtl:-scale-x-100">{ARROWS[side].arrow}</span>
    </button>
  );
}
