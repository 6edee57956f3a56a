import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { experienceQueryOptions } from "../api/get-experience";
import { SettingsPanel } from "./settings-panel";

/** The Settings panel over the experience's query (as the manage page shows it, refetched after each save), with the toasts. */
export function renderSettingsPanel(event: ExperienceDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(experienceQueryOptions(event.id).queryKey, event);
  function Panel() {
    const { data } = useQuery(experienceQueryOptions(event.id));
    return data ? <SettingsPanel event={data} afterDelete="/manage" onClose={() => undefined} /> : null;
  }
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Panel />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

// Toasts outlive a test's render: each test counts only its own.
afterEach(() => {
  for (const dismiss of screen.queryAllByRole("button", { name: "Dismiss" })) fireEvent.click(dismiss);
});
