import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { describe, expect, it } from "vitest";
import { anExperience } from "@web/test/fixtures";
import { server } from "@web/test/server";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { renderSettingsPanel } from "./settings-panel.test-support";

describe("Settings: the experience's language", () => {
  it("shows it by its own name, and saves the one chosen with 'Event updated successfully.'", async () => {
    let stored: ExperienceDetail = anExperience();
    const received: unknown[] = [];
    server.use(
      http.get<PathParams>("/api/events/ev1", () => HttpResponse.json(stored)),
      http.put<PathParams>("/api/events/ev1", async ({ request }) => {
        const change = (await request.json()) as { language: ExperienceDetail["language"] };
        received.push(change);
        stored = { ...stored, language: change.language };
        return HttpResponse.json({});
      }),
    );
    renderSettingsPanel(stored);
    const field = screen.getByLabelText("Language of the experience") as HTMLSelectElement;
    expect(field.selectedOptions[0]?.textContent).toBe("English");
    fireEvent.change(field, { target: { value: "ja" } });
    expect(await screen.findByText("Event updated successfully.")).toBeTruthy();
    expect(received).toEqual([{ language: "ja" }]);
    await waitFor(() => expect(field.selectedOptions[0]?.textContent).toBe("日本語"));
  });
});
