import { useSyncExternalStore } from "react";
import { session } from "./session";

/** `code`: the light path, a name and a mailed code (an invitation's Join, or sign-in without a password). */
export type AuthMode = "login" | "register" | "forgot-password" | "code";

/** What the light path starts from: the invited address and names, and whether a new account's name is asked at once. */
export interface CodePrefill {
  email?: string;
  firstName?: string;
  lastName?: string;
  askName?: boolean;
}

// The auth panel can be opened from anywhere (top bar, landing CTA, a join button), so its state lives here.
let mode: AuthMode | null = null;
// What the visitor asked for when the panel opened (Join on a share link's page), carried out once signed in.
// Signing in rebuilds the router but keeps this module, so the page that asked finds it again.
let afterSignIn: string | null = null;
let prefill: CodePrefill = {};
const listeners = new Set<() => void>();

function set(next: AuthMode | null) {
  mode = next;
  for (const l of listeners) l();
}

export const authPanel = {
  /** Opens the panel; `intent` names what to do once the visitor is signed in (see `takeIntent`). */
  open: (next: AuthMode = "login", intent?: string, filled?: CodePrefill) => {
    if (intent) afterSignIn = intent;
    if (filled) prefill = filled;
    else if (next !== "code") prefill = {};
    set(next);
  },
  /** What the light path's form starts from (see `open`). */
  prefill: (): CodePrefill => prefill,
  /** Closed without signing in, the panel forgets the intent: a later sign-in must not act on it. */
  close: () => {
    if (!session.user()) afterSignIn = null;
    prefill = {};
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
