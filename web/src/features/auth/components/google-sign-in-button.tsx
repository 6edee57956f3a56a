import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { FormError } from "@web/components/ui/field";
import { authPanel } from "@web/lib/auth-panel";
import { serverConfigQuery } from "@web/lib/config";
import { useI18n } from "@web/lib/i18n";
import { useGoogleSignIn } from "../api/google-sign-in";

const GSI_SRC = "https://accounts.google.com/gsi/client";
const GOOGLE_ERROR = /*i18n*/ "Error signing in with Google";

interface GoogleId {
  initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
  renderButton(element: HTMLElement, options: Record<string, unknown>): void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

let loading: Promise<void> | null = null;
function loadGoogleIdentity(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = GSI_SRC;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error("Google Identity Services failed to load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Google Identity Services' button, shown only when the Worker has a Google client id, with
 * 'Error signing in with Google' under it when a sign-in fails. If Google's script cannot load
 * (offline, blocked) the button is left out: nothing was tried, so there is no error to show.
 */
export function GoogleSignInButton() {
  const i18n = useI18n();
  const { data: config } = useQuery(serverConfigQuery);
  const container = useRef<HTMLDivElement>(null);
  const clientId = config?.googleClientId;
  const [error, setError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const { mutateAsync: signInWithGoogle } = useGoogleSignIn();

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then(() => {
        if (cancelled || !container.current || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: async ({ credential }) => {
            setError(null);
            try {
              await signInWithGoogle(credential);
              authPanel.close();
            } catch {
              setError(i18n._(GOOGLE_ERROR));
            }
          },
        });
        window.google.accounts.id.renderButton(container.current, { theme: "outline", size: "large", width: 320, text: "continue_with" });
      })
      .catch(() => !cancelled && setUnavailable(true));
    return () => {
      cancelled = true;
    };
  }, [clientId, signInWithGoogle, i18n]);

  if (!clientId || unavailable) return null;
  return (
    <div className="mt-4">
      <div className="my-4 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
        <span className="h-px flex-1 bg-slate-200" />
        {i18n._("or")}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div ref={container} className="flex justify-center" />
      <FormError>{error}</FormError>
    </div>
  );
}
