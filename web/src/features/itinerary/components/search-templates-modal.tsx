import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { Modal } from "@web/components/ui/modal";
import { SearchField } from "@web/components/ui/search-field";
import { Spinner } from "@web/components/ui/spinner";
import { UserText } from "@web/components/ui/user-text";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "@web/hooks/use-debounced-value";
import { useI18n } from "@web/lib/i18n";
import { SEARCH_MIN_LENGTH, type ActivityTemplate } from "@worker/features/search/search.schema";
import { locationText } from "@worker/shared/places";
import { formatTimeRange } from "@worker/shared/time-zone";
import { activityTemplatesQueryOptions } from "../api/search-activity-templates";

export interface SearchTemplatesModalProps {
  /**
   * The clock of the activity being made: a template carries its moments but not its zone, so its times are read on
   * this clock, the one they are copied onto.
   */
  timeZone: string;
  onClose: () => void;
  onSelect: (template: ActivityTemplate) => void;
}

/** Finds earlier activities to copy into a new one (spec 2 §5: 2+ characters, 500 ms debounce, 5 a page). */
export function SearchTemplatesModal({ timeZone, onClose, onSelect }: SearchTemplatesModalProps) {
  const i18n = useI18n();
  const [term, setTerm] = useState("");
  const box = useRef<HTMLDivElement>(null);
  const query = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const search = useInfiniteQuery(activityTemplatesQueryOptions(query));

  // Runs after the Modal's own focus call (a child's effects run first), so the search box wins.
  useEffect(() => box.current?.querySelector("input")?.focus(), []);

  const results = search.data?.pages.flatMap((page) => page.activities) ?? [];
  const tooShort = term.trim().length < SEARCH_MIN_LENGTH;
  const waiting = term.trim() !== query || (search.isFetching && !search.isFetchingNextPage);

  let body: ReactNode;
  if (tooShort) body = <Message>{i18n._("Type at least 2 characters to search")}</Message>;
  else if (waiting)
    body = (
      <Message>
        <Spinner label={i18n._("Searching activities")} />
      </Message>
    );
  else if (search.isError && results.length === 0)
    body = <Message tone="error">{i18n._("Failed to search activities. Please try again.")}</Message>;
  else if (results.length === 0) body = <Message>{i18n._('No activities found for "{query}"', { query })}</Message>;
  else
    body = (
      <>
        <ul className="space-y-2" aria-label={i18n._("Activity templates")}>
          {results.map((template) => {
            const place = locationText(template.location);
            return (
              <li key={template.id}>
                <button
                  type="button"
                  onClick={() => {
                    onSelect(template);
                    onClose();
                  }}
                  className="block w-full rounded-xl border border-slate-200 bg-white p-3 text-start transition hover:border-brand-500 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                >
                  <UserText className="block font-medium text-slate-900">{template.name}</UserText>
                  {template.subtitle && <UserText className="block text-sm text-slate-600">{template.subtitle}</UserText>}
                  <span className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500">
                    <span>{formatTimeRange(Date.parse(template.startDateTime), Date.parse(template.endDateTime), timeZone)}</span>
                    {place && <UserText className="min-w-0 truncate">{place}</UserText>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {search.isError && (
          <p role="alert" className="mt-3 text-sm text-rose-600">
            {i18n._("Failed to search activities. Please try again.")}
          </p>
        )}
        {search.hasNextPage && (
          <div className="mt-3 flex justify-center">
            <Button variant="secondary" onClick={() => void search.fetchNextPage()} disabled={search.isFetchingNextPage}>
              {search.isFetchingNextPage ? i18n._("Loading...") : i18n._("Load more")}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <Modal title={i18n._("Search Activity Templates")} onClose={onClose}>
      <div ref={box} className="space-y-4">
        <SearchField label={i18n._("Search activities")} value={term} onValue={setTerm} placeholder={i18n._("e.g. Walking tour")} />
        <div aria-live="polite">{body}</div>
      </div>
    </Modal>
  );
}

function Message({ children, tone = "muted" }: { children: ReactNode; tone?: "muted" | "error" }) {
  return (
    <div
      className={`grid min-h-24 place-items-center rounded-xl bg-slate-50 p-4 text-center text-sm ${tone === "error" ? "text-rose-700" : "text-slate-600"}`}
    >
      {children}
    </div>
  );
}
