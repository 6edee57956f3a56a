import { useState } from "react";

/** Runs one piece of work at a time; a second start while busy is ignored (a double click sends once). */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}
