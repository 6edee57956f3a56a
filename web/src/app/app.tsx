import { QueryClientProvider } from "@tanstack/react-query";
import { useMemo } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { useAccountLanguage } from "@web/components/language-picker/use-account-language";
import { Toaster } from "@web/components/ui/toast";
import { queryClient } from "@web/lib/query-client";
import { useCurrentUser } from "@web/lib/session";
import { AuthPanelOnFirstOpen } from "./auth-panel-on-first-open";
import { PageLoading } from "./layouts";
import { signedInRoutes, signedOutRoutes } from "./router";
import { useOfflinePersistence } from "./use-offline-persistence";
import { useSessionBootstrap } from "./use-session-bootstrap";

export function App() {
  const ready = useSessionBootstrap();
  useAccountLanguage();
  const user = useCurrentUser();
  const signedIn = user !== null;
  const restoring = useOfflinePersistence(user?.guid ?? null);
  const router = useMemo(() => createBrowserRouter(signedIn ? signedInRoutes : signedOutRoutes), [signedIn]);
  return (
    <QueryClientProvider client={queryClient}>
      {/* Until the session is known and the offline cache restored, the page is loading like any other: under a first view, no spinner. */}
      {ready && !restoring ? <RouterProvider router={router} /> : <PageLoading />}
      {/* Outside the router, which is rebuilt on sign-in: the panel keeps its step (the sign-up success) through it. */}
      <AuthPanelOnFirstOpen />
      <Toaster />
    </QueryClientProvider>
  );
}
