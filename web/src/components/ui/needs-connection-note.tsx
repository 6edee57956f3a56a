import type { ReactNode } from "react";

/**
 * In place of a part of the page that was never kept on this device and cannot be fetched offline (its query is paused
 * for want of a network): it says so, instead of a spinner or a placeholder that would wait for ever.
 */
export function NeedsConnectionNote({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="status"
      className={`rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600 ${className}`}
    >
      {children}
    </p>
  );
}

/** Whether a query has nothing to show and waits for the network: offline, TanStack pauses it rather than failing it. */
export const waitsForNetwork = (query: { isPending: boolean; fetchStatus: string }) => query.isPending && query.fetchStatus === "paused";
