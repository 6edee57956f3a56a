import { QueryClient } from "@tanstack/react-query";

// The spec: no retries and no refetch when the window regains focus.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
