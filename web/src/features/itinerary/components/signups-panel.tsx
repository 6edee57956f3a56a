import { useQuery } from "@tanstack/react-query";
import { Modal } from "@web/components/ui/modal";
import { Spinner } from "@web/components/ui/spinner";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import type { ActivityView } from "@worker/shared/itinerary.schema";
import { activitySignupsQueryOptions } from "../api/get-activity-signups";
import type { ActivityRef } from "../api/update-activity";

/** Owner and hosts: who holds a place in the activity, in the order they got it, and who waits, in the queue's order. */
export function SignupsPanel({ activity, path, onClose }: { activity: ActivityView; path: ActivityRef; onClose: () => void }) {
  const i18n = useI18n();
  const list = useQuery(activitySignupsQueryOptions(path));
  const name = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
  return (
    <Modal title={i18n._("Sign-ups: {name}", { name: activity.name })} onClose={onClose}>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          {errorMessage(list.error)}
        </p>
      ) : (
        <div className="space-y-4">
          <section>
            <h3 className="text-sm font-semibold text-slate-900">{i18n._("Going ({count})", { count: list.data.going.length })}</h3>
            {list.data.going.length === 0 ? (
              <p className="text-sm text-slate-500">{i18n._("Nobody has signed up yet.")}</p>
            ) : (
              <ol className="mt-1 space-y-1 text-sm">
                {list.data.going.map((row) => (
                  <li key={row.person.guid}>
                    <UserText>{name(row.person)}</UserText> <span className="text-slate-500">{row.emailId}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
          {list.data.waiting.length > 0 && (
            <section>
              <h3 className="text-sm font-semibold text-slate-900">{i18n._("Waitlist ({count})", { count: list.data.waiting.length })}</h3>
              <ol className="mt-1 space-y-1 text-sm">
                {list.data.waiting.map((row) => (
                  <li key={row.person.guid}>
                    #{row.position} <UserText>{name(row.person)}</UserText> <span className="text-slate-500">{row.emailId}</span>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
