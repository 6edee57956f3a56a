import { useState } from "react";
import { Modal } from "@web/components/ui/modal";
import { Tabs, useTabIds } from "@web/components/ui/tabs";
import { useI18n } from "@web/lib/i18n";
import { useUploadGuestList } from "./api/upload-guest-list";
import { InviteByEmail, useEmailFields } from "./invite-by-email";
import { UploadGuestList } from "./upload-guest-list";

const TABS = [
  { id: "email", label: /*i18n*/ "Invite by Email" },
  { id: "file", label: /*i18n*/ "Upload File" },
] as const;
type Tab = (typeof TABS)[number]["id"];

interface InviteGuestsModalProps {
  eventId: string;
  open: boolean;
  onClose: () => void;
}

/** Spec 2 §2: Invite Guests, by e-mail addresses or by an Excel guest list. */
export function InviteGuestsModal({ eventId, open, onClose }: InviteGuestsModalProps) {
  // Unmounted while closed, so every opening starts with one blank field and no old report.
  return open ? <InviteGuestsDialog eventId={eventId} onClose={onClose} /> : null;
}

function InviteGuestsDialog({ eventId, onClose }: Omit<InviteGuestsModalProps, "open">) {
  const i18n = useI18n();
  const [tab, setTab] = useState<Tab>("email");
  // The first address field takes focus when the dialog opens, not when someone comes back to its tab.
  const [switched, setSwitched] = useState(false);
  const ids = useTabIds<Tab>();
  // Held here rather than in the panels, so switching tabs keeps typed addresses and a finished report.
  const emailFields = useEmailFields();
  const upload = useUploadGuestList(eventId);

  const select = (id: Tab) => {
    setTab(id);
    setSwitched(true);
  };

  return (
    <Modal title={i18n._("Invite Guests")} onClose={onClose}>
      <Tabs
        label={i18n._("How to invite")}
        tabs={TABS.map((t) => ({ ...t, label: i18n._(t.label) }))}
        selected={tab}
        onSelect={select}
        ids={ids}
        className="mb-4"
      />
      {/* One fixed height for both panels: switching tabs, adding fields or showing a report never moves the dialog. */}
      <div {...ids.panelProps(tab)} className="h-[26rem] min-h-0">
        {tab === "email" ? (
          <InviteByEmail eventId={eventId} fields={emailFields} autoFocus={!switched} onSent={onClose} />
        ) : (
          <UploadGuestList upload={upload} onDone={onClose} />
        )}
      </div>
    </Modal>
  );
}
