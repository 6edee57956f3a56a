import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "@web/components/ui/toast";
import { i18n } from "@web/lib/i18n";
import { checkinKeys } from "@web/lib/queries/query-keys";
import type { CheckinSheet } from "@worker/features/checkin/checkin.schema";
import { loadSheet, saveSheet } from "./offline-store";
import { qrReader } from "./qr-reader";

/**
 * The sheet kept on this device by 'Prepare for offline': it stands in for the server's when the screen opens
 * without a network, and once prepared it follows every change the gate sees (its own admissions, other gates').
 */
export function useOfflineCopy(eventId: string, sheet: CheckinSheet | undefined) {
  const queryClient = useQueryClient();
  const [prepared, setPrepared] = useState(false);

  useEffect(() => {
    let active = true;
    void loadSheet(eventId).then((copy) => {
      if (!active || !copy) return;
      setPrepared(true);
      queryClient.setQueryData<CheckinSheet>(checkinKeys.sheet(eventId), (current) => current ?? copy);
    });
    return () => void (active = false);
  }, [eventId, queryClient]);

  useEffect(() => {
    if (prepared && sheet) void saveSheet(sheet);
  }, [prepared, sheet]);

  async function prepare() {
    if (!sheet) return;
    // The camera's QR reader is loaded now too, while there is a network: a gate that loses it first still reads passes.
    await Promise.all([saveSheet(sheet), qrReader().catch(() => undefined)]);
    setPrepared(true);
    const guests = sheet.attendees.length;
    toast.success(
      i18n._("{count, plural, one {Ready for offline: # guest on this device} other {Ready for offline: # guests on this device}}", {
        count: guests,
      }),
    );
  }

  return { prepared, prepare };
}
