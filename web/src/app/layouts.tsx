import { Suspense, useCallback, useEffect, useState } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router-dom";
import { MAIN_ID, SkipLink } from "@web/components/ui/skip-link";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { SideDrawer } from "@web/features/shell/side-drawer";
import { TopBar } from "@web/features/shell/top-bar";
import { useOnlineStatusToasts } from "@web/features/shell/use-online-status-toasts";
import { authPanel } from "@web/lib/auth-panel";
import { firstViewShown } from "./first-view";
import { FirstViewHandoff } from "./first-view-handoff";
import { SiteFooter } from "./site-footer";

/**
 * While the session or a page's code loads: the skip link's target is there from the start. Where the HTML's first view
 * still shows, it is what the visitor sees meanwhile, so no spinner: one would sit under the view (#root follows it) and
 * be moved up a whole screen when the view gives way, a layout shift of the entire page (Lighthouse's CLS 1).
 */
export function PageLoading() {
  return (
    <main id={MAIN_ID} tabIndex={-1}>
      {firstViewShown() ? null : <FullPageSpinner />}
    </main>
  );
}

/** Wraps every route: the offline toasts are available everywhere. */
export function RootLayout() {
  useOnlineStatusToasts();
  return (
    <>
      <SkipLink />
      <ScrollRestoration />
      <Suspense fallback={<PageLoading />}>
        <FirstViewHandoff />
        <Outlet />
      </Suspense>
    </>
  );
}

// Whether this page load has already shown someone the app: a sign-in, or the sign-in panel opened for a link.
let welcomed = false;

/** Signed-in pages: top bar, side drawer, content at most 960px wide, footer. */
export function SignedInLayout() {
  useEffect(() => {
    welcomed = true;
  }, []);
  const [drawer, setDrawer] = useState(false);
  const close = useCallback(() => setDrawer(false), []);
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar onMenu={() => setDrawer(true)} />
      <SideDrawer open={drawer} onClose={close} />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-[960px] flex-1 px-4 py-6 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** Signed-out pages other than the landing page and the legal pages: top bar and centred content. */
export function PlainLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-[960px] flex-1 px-4 py-8 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** The landing page runs full width under the top bar. */
export function LandingLayout() {
  const { pathname } = useLocation();
  // A visitor who arrives signed out through a link into the app (an invitation's /experiences/{id}) came
  // for that page: the sign-in panel opens at once, and once signed in the same address opens it. Not after
  // a logout, which lands here too.
  useEffect(() => {
    if (welcomed || pathname === "/") return;
    welcomed = true;
    authPanel.open("login");
  }, [pathname]);
  return (
    <div className="min-h-dvh">
      <TopBar />
      <Outlet />
    </div>
  );
}
