import { onlineManager, QueryClient } from "@tanstack/react-query";

// The spec: no retries and no refetch when the window regains focus.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// A page loaded offline gets no 'offline' event: the browser's own word starts it (queries pause; back online they
// refetch, refetchOnReconnect being TanStack's default).
if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);
