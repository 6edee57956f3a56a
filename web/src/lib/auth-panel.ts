import { useSyncExternalStore } from "react";
import { session } from "./session";

export type AuthMode = "login" | "register" | "forgot-password";

// The auth panel can be opened from anywhere (top bar, landing CTA, a join button), so its state lives here.
let mode: AuthMode | null = null;
// What the visitor asked for when the panel opened (Join on a share link's page), carried out once signed in.
// Signing in rebuilds the router but keeps this module, so the page that asked finds it again.
let afterSignIn: string | null = null;
const listeners = new Set<() => void>();

function set(next: AuthMode | null) {
  mode = next;
  for (const l of listeners) l();
}

export const authPanel = {
  /** Opens the panel; `intent` names what to do once the visitor is signed in (see `takeIntent`). */
  open: (next: AuthMode = "login", intent?: string) => {
    if (intent) afterSignIn = intent;
    set(next);
  },
  /** Closed without signing in, the panel forgets the intent: a later sign-in must not act on it. */
  close: () => {
    if (!session.user()) afterSignIn = null;
    set(null);
  },
  /** Whether `intent` was asked for before signing in; true once, then forgotten. */
  takeIntent: (intent: string): boolean => {
    if (afterSignIn !== intent || !session.user()) return false;
    afterSignIn = null;
    return true;
  },
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
