import { useSyncExternalStore } from "react";

export type AuthMode = "login" | "register" | "forgot-password";

// The auth panel can be opened from anywhere (top bar, landing CTA, a join button), so its state lives here.
let mode: AuthMode | null = null;
const listeners = new Set<() => void>();

function set(next: AuthMode | null) {
  mode = next;
  for (const l of listeners) l();
}

export const authPanel = {
  open: (next: AuthMode = "login") => set(next),
  close: () => set(null),
};

export function useAuthPanelMode(): AuthMode | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => mode,
    () => mode,
  );
}
