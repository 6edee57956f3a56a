import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { describe, expect, it } from "vitest";
import { anExperience } from "@web/test/fixtures";
import { refuse, server } from "@web/test/server";
import type { AppConfig } from "@worker/features/config/config.schema";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { renderSettingsPanel } from "./settings-panel.test-support";

/** The server: places not configured (free text only), and each PUT's body kept; `refusal` answers 400 with it. */
function saves(refusal?: string, held: ExperienceDetail = anExperience()) {
  const sent: unknown[] = [];
  let current = held;
  server.use(
    http.get<PathParams, never, AppConfig>("/oapi/config", () =>
      HttpResponse.json({ googleClientId: null, imageSearch: false, places: false, pushPublicKey: "test-key" }),
    ),
    http.put<PathParams>("/api/events/ev1", async ({ request }) => {
      const body = (await request.json()) as Pick<ExperienceDetail, "venue">;
      sent.push(body);
      if (refusal) return refuse(400, refusal);
      current = { ...current, venue: body.venue };
      return HttpResponse.json(current);
    }),
    // The page's refetch after a save.
    http.get<PathParams, never, ExperienceDetail>("/api/events/ev1", () => HttpResponse.json(current)),
  );
  return sent;
}

const form = () => screen.getByRole("form", { name: "Venue" });
const field = () => within(form()).getByRole<HTMLInputElement>("combobox", { name: "Venue (optional)" });
const save = () => fireEvent.click(within(form()).getByRole("button", { name: "Save venue" }));

describe("the Settings' venue", () => {
  it("shows the venue held, and saves a new one with 'Event updated successfully.'", async () => {
    const sent = saves(undefined, anExperience({ venue: "LX Factory" }));
    renderSettingsPanel(anExperience({ venue: "LX Factory" }));
    expect(field().value).toBe("LX Factory");
    fireEvent.change(field(), { target: { value: "Hotel Avenida" } });
    save();
    await waitFor(() => expect(sent).toEqual([{ venue: "Hotel Avenida" }]));
    expect(await screen.findByText("Event updated successfully.")).toBeTruthy();
  });

  it("saves an emptied box as no venue, and sends nothing when the venue is unchanged", async () => {
    const sent = saves(undefined, anExperience({ venue: "LX Factory" }));
    renderSettingsPanel(anExperience({ venue: "LX Factory" }));
    save();
    fireEvent.change(field(), { target: { value: "  " } });
    save();
    await waitFor(() => expect(sent).toEqual([{ venue: null }]));
  });

  it("shows the server's refusal, 'Venue is too long', under the box", async () => {
    saves("Venue is too long");
    renderSettingsPanel(anExperience());
    fireEvent.change(field(), { target: { value: "x".repeat(600) } });
    save();
    expect(await within(form()).findByRole("alert")).toHaveProperty("textContent", "Venue is too long");
  });
});
