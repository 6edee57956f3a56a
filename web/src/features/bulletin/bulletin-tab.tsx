import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Spinner } from "@web/components/ui/spinner";
import { useExperienceTab } from "@web/hooks/use-experience-tab";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { BULLETIN_MESSAGES } from "@worker/features/bulletin/bulletin.schema";
import { useDeleteBulletin } from "./api/delete-bulletin";
import { bulletinsQueryOptions } from "./api/get-bulletins";
import { BulletinCard } from "./components/bulletin-card";
import { BulletinForm } from "./components/bulletin-form";

/**
 * Spec 2 §2: the bulletins, newest first; in manage mode the owner and hosts also post and delete ("Bulletin
 * actions require isHost"), while on the view route they preview what guests read. The event page's live socket
 * makes the list stale on `bulletin.changed`, so a bulletin posted elsewhere shows up here without a reload.
 */
export function BulletinTab() {
  const i18n = useI18n();
  const { event, canEdit } = useExperienceTab();
  const list = useQuery(bulletinsQueryOptions(event.id));
  const remove = useDeleteBulletin(event.id);
  const [deleting, setDeleting] = useState<string | null>(null);

  return (
    <section aria-label={i18n._("Bulletin")} className="mx-auto max-w-2xl space-y-4">
      {canEdit && <BulletinForm eventId={event.id} />}
      {list.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label={i18n._("Loading bulletins")} />
        </div>
      ) : list.isError ? (
        <p role="alert" className="rounded-2xl border border-rose-200 bg-rose-50 p-6 text-center text-sm text-rose-800">
          {errorMessage(list.error, i18n._(BULLETIN_MESSAGES.loadFailed))}
        </p>
      ) : list.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="font-semibold text-slate-900">{i18n._(BULLETIN_MESSAGES.empty)}</p>
          <p className="mt-1 text-sm text-slate-600">
            {canEdit ? i18n._("Post news for everyone taking part here.") : i18n._("News from the organisers will appear here.")}
          </p>
        </div>
      ) : (
        <ol aria-label={i18n._("Bulletins")} className="space-y-4">
          {list.data.map((bulletin) => (
            <li key={bulletin.id}>
              <BulletinCard bulletin={bulletin} timeZone={event.timeZone} onDelete={canEdit ? () => setDeleting(bulletin.id) : undefined} />
            </li>
          ))}
        </ol>
      )}
      {deleting && (
        <ConfirmDialog
          message={i18n._(BULLETIN_MESSAGES.confirmDelete)}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutateAsync(deleting).then(
              () => setDeleting(null),
              () => setDeleting(null),
            )
          }
        />
      )}
    </section>
  );
}
