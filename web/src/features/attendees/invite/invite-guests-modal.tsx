import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Modal } from "../../../components/ui/modal";
import { useUploadGuestList } from "./api/upload-guest-list";
import { InviteByEmail, useEmailFields } from "./invite-by-email";
import { UploadGuestList } from "./upload-guest-list";

const TABS = [
  { id: "email", label: "Invite by Email" },
  { id: "file", label: "Upload File" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const STEP: Record<string, (index: number) => number> = {
  ArrowRight: (i) => (i + 1) % TABS.length,
  ArrowLeft: (i) => (i + TABS.length - 1) % TABS.length,
  Home: () => 0,
  End: () => TABS.length - 1,
};

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
  const [tab, setTab] = useState<Tab>("email");
  // The first address field takes focus when the dialog opens, not when someone comes back to its tab.
  const [switched, setSwitched] = useState(false);
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  // Held here rather than in the panels, so switching tabs keeps typed addresses and a finished report.
  const emailFields = useEmailFields();
  const upload = useUploadGuestList(eventId);

  const select = (id: Tab) => {
    setTab(id);
    setSwitched(true);
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = STEP[e.key];
    if (!step) return;
    e.preventDefault();
    const id = TABS[step(TABS.findIndex((t) => t.id === tab))]!.id;
    select(id);
    tabRefs.current[id]?.focus();
  };

  return (
    <Modal title="Invite Guests" onClose={onClose}>
      <div role="tablist" aria-label="How to invite" className="mb-4 flex gap-1 rounded-xl bg-slate-100 p-1">
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(node) => void (tabRefs.current[t.id] = node)}
            type="button"
            role="tab"
            id={`${baseId}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => select(t.id)}
            onKeyDown={onTabKey}
            className={`flex-1 rounded-lg px-2 py-1.5 text-sm font-medium whitespace-nowrap transition ${tab === t.id ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {/* One fixed height for both panels: switching tabs, adding fields or showing a report never moves the dialog. */}
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`} className="h-[26rem] min-h-0">
        {tab === "email" ? <InviteByEmail eventId={eventId} fields={emailFields} autoFocus={!switched} onSent={onClose} /> : <UploadGuestList upload={upload} onDone={onClose} />}
      </div>
    </Modal>
  );
}
