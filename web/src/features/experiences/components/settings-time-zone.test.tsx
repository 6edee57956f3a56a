import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { describe, expect, it } from "vitest";
import { anExperience } from "@web/test/fixtures";
import { refuse, server } from "@web/test/server";
import { type ExperienceDetail, EXPERIENCE_MESSAGES } from "@worker/features/experiences/experiences.schema";
import { renderSettingsPanel } from "./settings-panel.test-support";

const REFUSED = "'Breakfast' (Day 1) cannot keep its time: 2:30 AM does not exist on Mar 14, 2027 in New York: clocks go forward";

/** Settings of a Lisbon experience; the server takes a zone change, or refuses it as `refusal` says. */
function openSettings(refusal?: string) {
  let stored: ExperienceDetail = anExperience({ timeZone: "Europe/Lisbon" });
  const received: unknown[] = [];
  server.use(
    http.get<PathParams>("/api/events/ev1", () => HttpResponse.json(stored)),
    http.put<PathParams>("/api/events/ev1", async ({ request }) => {
      const change = (await request.json()) as { timeZone: string };
      received.push(change);
      if (refusal) return refuse(409, refusal);
      stored = { ...stored, timeZone: change.timeZone };
      return HttpResponse.json({});
    }),
  );
  renderSettingsPanel(stored);
  return received;
}

const zoneField = () => screen.getByLabelText("Time zone") as HTMLInputElement;
/** Picks a zone from the list (a choice arrives whole, and is taken at once). */
const pick = (zone: string) => fireEvent.change(zoneField(), { target: { value: zone } });
const dialog = () => screen.getByRole("dialog", { name: "Change the time zone" });

describe("Settings: changing the experience's time zone", () => {
  it("shows the zone, and asks whether the activities keep their times or their moments before anything is sent", () => {
    const received = openSettings();
    expect(zoneField().value).toBe("Europe/Lisbon");
    pick("America/New_York");
    const radios = within(dialog()).getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((radio) => [radio.labels?.[0]?.textContent, radio.checked])).toEqual([
      ["Keep the times (09:00 stays 09:00 in the new zone)", true],
      ["Keep the moments (times move with the clock)", false],
    ]);
    expect(within(dialog()).getByText(/^From Lisbon time to New York time \(E[SD]T\)\./)).toBeTruthy();
    expect(received).toEqual([]);
  });

  it("sends the zone with KEEP_MOMENTS when the moments are kept, says 'Event updated successfully.' and shows the new zone", async () => {
    const received = openSettings();
    pick("America/New_York");
    fireEvent.click(within(dialog()).getByRole("radio", { name: "Keep the moments (times move with the clock)" }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Move to New York" }));
    expect(await screen.findByText("Event updated successfully.")).toBeTruthy();
    expect(received).toEqual([{ timeZone: "America/New_York", timeZoneMode: "KEEP_MOMENTS" }]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Change the time zone" })).toBeNull());
    expect(zoneField().value).toBe("America/New_York");
  });

  it("shows a refusal in the server's words and changes nothing; Cancel puts the zone back in the field", async () => {
    const received = openSettings(REFUSED);
    pick("America/New_York");
    fireEvent.click(within(dialog()).getByRole("button", { name: "Move to New York" }));
    expect((await within(dialog()).findByRole("alert")).textContent).toBe(REFUSED);
    expect(received).toEqual([{ timeZone: "America/New_York", timeZoneMode: "KEEP_WALL_CLOCK" }]);
    fireEvent.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    expect(zoneField().value).toBe("Europe/Lisbon");
  });
});

function saves() {
  const sent: unknown[] = [];
  server.use(
    http.put<PathParams>("/api/events/ev1", async ({ request }) => {
      const body = (await request.json()) as { capacity: number | null };
      sent.push(body);
      return HttpResponse.json({ ...anExperience(), capacity: body.capacity });
    }),
  );
  return sent;
}

const form = () => screen.getByRole("form", { name: "Capacity" });
const field = () => within(form()).getByRole("textbox", { name: "Capacity (optional)" });
const save = () => fireEvent.click(within(form()).getByRole("button", { name: "Save capacity" }));

describe("the Settings' capacity", () => {
  it("shows the capacity held, saves a new one, and saves empty as no limit", async () => {
    const sent = saves();
    renderSettingsPanel(anExperience({ capacity: 40 }));
    expect((field() as HTMLInputElement).value).toBe("40");
    fireEvent.change(field(), { target: { value: "60" } });
    save();
    await waitFor(() => expect(sent).toEqual([{ capacity: 60 }]));
    fireEvent.change(field(), { target: { value: "" } });
    save();
    await waitFor(() => expect(sent).toEqual([{ capacity: 60 }, { capacity: null }]));
  });

  it.each(["0", "2.5", "ten"])(
    "refuses '%s' with 'Capacity must be a whole number from 1, or empty for no limit' and sends nothing",
    async (text) => {
      const sent = saves();
      renderSettingsPanel(anExperience());
      fireEvent.change(field(), { target: { value: text } });
      save();
      expect(await within(form()).findByText(EXPERIENCE_MESSAGES.capacity)).toBeTruthy();
      expect(document.activeElement).toBe(field());
      expect(sent).toEqual([]);
    },
  );
});
