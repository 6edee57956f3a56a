import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { Modal } from "@web/components/ui/modal";
import { Spinner } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { formatDay } from "@worker/shared/time-zone";
import { historyQueryOptions, type HistoryFilters } from "../api/get-history";
import { HistoryEntryRow } from "./history-entry";

const select =
  "h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none";

/** The organisers' History: who changed what and when, newest first, by day and by person, more on demand. */
export function HistoryPanel({ event, onClose }: { event: ExperienceDetail; onClose: () => void }) {
  const i18n = useI18n();
  const [filters, setFilters] = useState<HistoryFilters>({ day: "", person: "" });
  // The list shown stays while another filter's first page loads (no jump to a spinner and back).
  const history = useInfiniteQuery({ ...historyQueryOptions(event.id, filters), placeholderData: keepPreviousData });
  // The filters' choices (every day, everyone who changed something) come with each first page, whatever the filters.
  const first = history.data?.pages[0];
  const days = first?.days ?? [];
  const people = (first?.people ?? []).map((p) => ({ guid: p.guid, name: `${p.firstName} ${p.lastName}`.trim() }));
  const entries = history.data?.pages.flatMap((page) => page.changes) ?? [];

  return (
    <Modal title={i18n._("History")} onClose={onClose} placement="end" size="md">
      <div className="grid grid-cols-2 gap-2">
        <label className="min-w-0 text-xs font-medium text-slate-600">
          {i18n._("Day")}
          <select className={`${select} mt-1`} value={filters.day} onChange={(e) => setFilters({ ...filters, day: e.target.value })}>
            <option value="">{i18n._("All days")}</option>
            {days.map((day) => (
              <option key={day.id} value={day.id}>
                {formatDay(day.date)} · {day.name}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0 text-xs font-medium text-slate-600">
          {i18n._("Person")}
          <select className={`${select} mt-1`} value={filters.person} onChange={(e) => setFilters({ ...filters, person: e.target.value })}>
            <option value="">{i18n._("Everyone")}</option>
            {people.map((person) => (
              <option key={person.guid} value={person.guid}>
                {person.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {history.isPending ? (
        <div className="grid h-40 place-items-center">
          <Spinner label={i18n._("Loading history")} />
        </div>
      ) : history.isError && entries.length === 0 ? (
        <div role="alert" className="py-8 text-center text-sm text-slate-600">
          <p>{errorMessage(history.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void history.refetch()}>
            {i18n._("Try again")}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="py-10 text-center text-sm font-medium text-slate-600">
          {filters.day || filters.person ? i18n._("No changes match these filters") : i18n._("No changes yet")}
        </p>
      ) : (
        <>
          <ol
            aria-label={i18n._("Changes, newest first")}
            aria-busy={history.isPlaceholderData || undefined}
            className={`mt-2 divide-y divide-slate-100 transition-opacity ${history.isPlaceholderData ? "opacity-60" : ""}`}
          >
            {entries.map((entry) => (
              <HistoryEntryRow key={entry.seq} entry={entry} timeZone={event.timeZone} />
            ))}
          </ol>
          {history.hasNextPage && (
            <Button
              variant="secondary"
              className="mt-2 w-full"
              disabled={history.isFetchingNextPage}
              aria-busy={history.isFetchingNextPage || undefined}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? i18n._("Loading…") : i18n._("Show older changes")}
            </Button>
          )}
        </>
      )}
    </Modal>
  );
}
