import { useRef, useState } from "react";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { useI18n } from "@web/lib/i18n";
import type { CheckinList } from "@worker/features/checkin/checkin.schema";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { useDeleteList } from "../api/delete-list";
import { useMailPasses } from "../api/mail-passes";
import { NewListForm } from "./new-list-form";

interface ListToolsProps {
  event: ExperienceDetail;
  /** How many guests 'E-mail passes' sends to: the attending guests of the sheet. */
  guests: number;
  list: CheckinList | undefined;
  prepared: boolean;
  onPrepare: () => void;
  onDeleted: () => void;
}

/**
 * New list, delete the chosen list (never the whole-experience one), 'E-mail passes' (asked first, naming how many
 * guests it mails) and 'Prepare for offline'.
 */
export function ListTools({ event, guests, list, prepared, onPrepare, onDeleted }: ListToolsProps) {
  const i18n = useI18n();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [mailing, setMailing] = useState(false);
  const close = () => setMailing(false); // sent or refused (its toast says which), the question is answered
  const remove = useDeleteList(event.id);
  const mail = useMailPasses(event.id);
  const buttons = useRef<HTMLDivElement>(null);
  const closeForm = () => {
    setAdding(false);
    // The focus was in the form, which is gone: it goes back to 'New list'.
    buttons.current?.querySelector("button")?.focus();
  };
  return (
    <div className="space-y-3">
      <div ref={buttons} className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setAdding(true)} aria-expanded={adding}>
          {i18n._("New list")}
        </Button>
        {list && !list.isDefault && (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {i18n._("Delete list")}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setMailing(true)} disabled={mail.isPending}>
          {mail.isPending ? i18n._("Sending…") : i18n._("E-mail passes")}
        </Button>
        <Button variant="secondary" onClick={onPrepare}>
          {i18n._("Prepare for offline")}
        </Button>
      </div>
      {prepared && <p className="text-sm text-emerald-800">{i18n._("This device can check guests in without a network.")}</p>}
      {adding && <NewListForm event={event} onDone={closeForm} />}
      {confirming && list && (
        <ConfirmDialog
          message={i18n._("Delete the list ''{name}''? Its check-ins go with it.", { name: list.name })}
          onConfirm={() => remove.mutateAsync(list.id).then(onDeleted)}
          onClose={() => setConfirming(false)}
        />
      )}
      {mailing && (
        <ConfirmDialog
          title={i18n._("E-mail passes?")}
          message={i18n._(
            "{count, plural, one {Each of the # attending guest gets an e-mail with their pass.} other {Each of the # attending guests gets an e-mail with their pass.}}",
            { count: guests },
          )}
          confirmLabel={i18n._("{count, plural, one {E-mail # guest} other {E-mail # guests}}", { count: guests })}
          onConfirm={() => mail.mutateAsync().then(close, close)}
          onClose={close}
        />
      )}
    </div>
  );
}
