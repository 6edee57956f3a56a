import { lazy, Suspense, useState } from "react";
import { Spinner } from "../components/ui/spinner";
import { useAuthPanelMode } from "../lib/auth-panel";

// The panel's forms and their schemas (zod) are not needed to show a page: they load on the panel's first open.
const AuthPanel = lazy(async () => ({ default: (await import("../features/auth/auth-panel")).AuthPanel }));

/** Mounts the auth panel once it has been opened, and keeps it mounted (its chunk is loaded by then). */
export function AuthPanelOnFirstOpen() {
  const open = useAuthPanelMode() !== null;
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={<AuthPanelLoading />}>
      <AuthPanel />
    </Suspense>
  );
}

/** While the panel's chunk loads: a spinner over the page, fixed, so nothing under it moves. */
function AuthPanelLoading() {
  const open = useAuthPanelMode() !== null;
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-900/40">
      <Spinner label="Loading sign-in" className="size-10" />
    </div>
  );
}
