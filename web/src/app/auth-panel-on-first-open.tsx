import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/components/ui/toast";
import { authPanel, useAuthPanelMode } from "@web/lib/auth-panel";
import { i18n, useI18n } from "@web/lib/i18n";
import { PAGE_NOT_LOADED, SOMETHING_WENT_WRONG } from "./route-error";

type PanelModule = { default: ComponentType };

// The panel's forms and their schemas (zod) are not needed to show a page: they load on the panel's first open.
const importAuthPanel = async (): Promise<PanelModule> => ({ default: (await import("@web/features/auth/auth-panel")).AuthPanel });

/** The panel's code did not arrive (offline, or an old tab whose chunk names a deploy replaced). */
class PanelNotLoaded extends Error {}

/** A lazy panel whose failed import is told apart from a panel that threw while rendering. */
const lazyPanel = (load: () => Promise<PanelModule>) =>
  lazy(() =>
    load().catch((cause: unknown) => {
      throw new PanelNotLoaded("The sign-in panel could not be loaded", { cause });
    }),
  );

/**
 * Mounts the auth panel once it has been opened, and keeps it mounted (its chunk is loaded by then). It sits outside
 * the router's error element, so a panel that cannot load is caught here: the panel closes, a toast says why and the
 * page stays usable. React keeps a lazy component's failure, so the next open starts a new import, which may succeed.
 */
export function AuthPanelOnFirstOpen({ load = importAuthPanel }: { load?: () => Promise<PanelModule> }) {
  const open = useAuthPanelMode() !== null;
  const [opened, setOpened] = useState(open);
  const [Panel, setPanel] = useState(() => lazyPanel(load));
  if (open && !opened) setOpened(true);
  if (!opened) return null;

  const failed = (error: unknown) => {
    toast.error(i18n._(error instanceof PanelNotLoaded ? PAGE_NOT_LOADED : SOMETHING_WENT_WRONG));
    authPanel.close();
    setOpened(false);
    setPanel(() => lazyPanel(load));
  };
  return (
    <PanelFailure onError={failed}>
      <Suspense fallback={<AuthPanelLoading />}>
        <Panel />
      </Suspense>
    </PanelFailure>
  );
}

/** Shows nothing once its children failed, and reports the failure once. */
class PanelFailure extends Component<{ children: ReactNode; onError: (error: unknown) => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** While the panel's chunk loads: a spinner over the page, fixed, so nothing under it moves. */
function AuthPanelLoading() {
  const i18n = useI18n();
  const open = useAuthPanelMode() !== null;
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-900/40">
      <Spinner label={i18n._("Loading sign-in")} className="size-10" />
    </div>
  );
}
