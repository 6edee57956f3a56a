import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Spinner } from "@web/components/ui/spinner";
import { useExperienceTab } from "@web/hooks/use-experience-tab";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { sheetQueryOptions } from "./api/get-sheet";
import { useUndoCheckin } from "./api/undo-checkin";
import { AttendeeSearch } from "./components/attendee-search";
import { CameraScanner } from "./components/camera-scanner";
import { DoubleAdmissions } from "./components/double-admissions";
import { GateName, useGateName } from "./components/gate-name";
import { ListPicker } from "./components/list-picker";
import { ListTools } from "./components/list-tools";
import { OfflineBanner } from "./components/offline-banner";
import { RecentScans } from "./components/recent-scans";
import { VerdictPanel } from "./components/verdict-panel";
import { WedgeInput } from "./components/wedge-input";
import { useGate, type GateScan } from "./scanning/use-gate";
import { useOfflineCopy } from "./scanning/use-offline-copy";

/** The organisers' Check-in tab (manage mode): scan passes at the gate, online or off, with live counts per list. */
export function CheckinTab() {
  const i18n = useI18n();
  const { event } = useExperienceTab();
  const { data: sheet, error, isPending } = useQuery(sheetQueryOptions(event.id));
  const offlineCopy = useOfflineCopy(event.id, sheet);
  const [chosen, setChosen] = useState<string | null>(null);
  const [device, setDevice] = useGateName();
  const listId = chosen ?? sheet?.lists.find((list) => list.isDefault)?.id ?? event.id;
  const gate = useGate(event.id, listId, device.trim());
  const undo = useUndoCheckin(event.id);
  const wedge = useRef<HTMLInputElement>(null);

  if (!sheet) {
    if (isPending) return <Spinner label={i18n._("Loading the check-in list")} />;
    return (
      <p role="alert" className="rounded-lg bg-rose-50 p-4 text-sm text-rose-800">
        {errorMessage(error, i18n._("The check-in list could not be loaded"))}
      </p>
    );
  }

  const cannotScan = device.trim() === "";
  const scan = (input: { token: string } | { serial: string }) => {
    if (!cannotScan) void gate.scan(input);
  };
  // An admission made offline and not sent yet is only on this device (its id is its scan's nonce): undo forgets it.
  const undoCheckin = (checkinId: string) => {
    if (gate.recent.some((scan) => scan.queued && scan.nonce === checkinId)) void gate.dropQueued(checkinId);
    else undo.mutate(checkinId, { onSuccess: () => gate.undone(checkinId) });
  };
  const undoScan = (scan: GateScan) => {
    undoCheckin(scan.queued ? scan.nonce : (scan.checkinId ?? ""));
    wedge.current?.focus();
  };

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-4">
        <GateName name={device} onChange={setDevice} />
        <ListPicker sheet={sheet} listId={listId} onChange={setChosen} />
        <OfflineBanner offline={gate.offline} queued={gate.queued} />
        <VerdictPanel scan={gate.current} />
        <DoubleAdmissions names={gate.doubles} onDismiss={gate.dismissDoubles} />
        <CameraScanner disabled={cannotScan} onCode={(token) => scan({ token })} />
        <WedgeInput ref={wedge} disabled={cannotScan} onCode={(token) => scan({ token })} />
      </div>
      <div className="min-w-0 space-y-4">
        <AttendeeSearch sheet={sheet} listId={listId} disabled={cannotScan} onCheckIn={(serial) => scan({ serial })} onUndo={undoCheckin} />
        <RecentScans scans={gate.recent} timeZone={sheet.timeZone} onUndo={undoScan} />
        <ListTools
          event={event}
          guests={sheet.attendees.length}
          list={sheet.lists.find((list) => list.id === listId)}
          prepared={offlineCopy.prepared}
          onPrepare={() => void offlineCopy.prepare()}
          onDeleted={() => setChosen(null)}
        />
      </div>
    </div>
  );
}
