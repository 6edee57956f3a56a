import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Modal } from "@web/components/ui/modal";
import { Spinner } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import type { ActivityView } from "@worker/shared/itinerary.schema";
import { useChangeSignups } from "../api/change-signups";
import { activitySignupsQueryOptions } from "../api/get-activity-signups";
import type { ActivityRef } from "../api/update-activity";
import { AddToActivity } from "./add-to-activity";
import { SignupRow } from "./signup-row";
import { SignupsExport } from "./signups-export";

/**
 * Owner and hosts: who holds a place in the activity, in the order they got it, and who waits, in the queue's order;
 * they add a guest, take someone off, give someone waiting a place now, or move them in the queue (docs/programme.md).
 */
export function SignupsPanel({ activity, path, onClose }: { activity: ActivityView; path: ActivityRef; onClose: () => void }) {
  const i18n = useI18n();
  const list = useQuery(activitySignupsQueryOptions(path));
  const change = useChangeSignups(path);
  const listed = useMemo(
    () => new Set([...(list.data?.going ?? []), ...(list.data?.waiting ?? [])].map((row) => row.person.guid)),
    [list.data],
  );
  const busy = change.isPending;
  return (
    <Modal title={i18n._("Sign-ups: {name}", { name: activity.name })} onClose={onClose}>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          {errorMessage(list.error)}
        </p>
      ) : (
        <div className="space-y-4" aria-busy={busy}>
          <SignupsExport path={path} />
          <AddToActivity eventId={path.eventId} listed={listed} busy={busy} onAdd={(add) => change.mutate(add)} />
          <section>
            <h3 className="text-sm font-semibold text-slate-900">{i18n._("Going ({count})", { count: list.data.going.length })}</h3>
            {list.data.going.length === 0 ? (
              <p className="text-sm text-slate-500">{i18n._("Nobody has signed up yet.")}</p>
            ) : (
              <ol aria-label={i18n._("Going")} className="mt-1 divide-y divide-slate-100 text-sm">
                {list.data.going.map((row) => (
                  <SignupRow key={row.person.guid} row={row} busy={busy} onChange={(c) => change.mutate(c)} />
                ))}
              </ol>
            )}
          </section>
          {list.data.waiting.length > 0 && (
            <section>
              <h3 className="text-sm font-semibold text-slate-900">{i18n._("Waitlist ({count})", { count: list.data.waiting.length })}</h3>
              <ol aria-label={i18n._("Waitlist")} className="mt-1 divide-y divide-slate-100 text-sm">
                {list.data.waiting.map((row) => (
                  <SignupRow
                    key={row.person.guid}
                    row={row}
                    last={list.data.waiting.length}
                    busy={busy}
                    onChange={(c) => change.mutate(c)}
                  />
                ))}
              </ol>
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
