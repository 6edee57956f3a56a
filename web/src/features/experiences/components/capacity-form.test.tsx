import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@worker/features/events/events.schema";
import { anEvent } from "@web/test/fixtures";
import { server } from "@web/test/server";
import { renderSettingsPanel } from "./settings-panel.test-support";

function saves() {
  const sent: unknown[] = [];
  server.use(
    http.put<PathParams>("/api/events/ev1", async ({ request }) => {
      const body = (await request.json()) as { capacity: number | null };
      sent.push(body);
      return HttpResponse.json({ ...anEvent(), capacity: body.capacity });
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
    renderSettingsPanel(anEvent({ capacity: 40 }));
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
      renderSettingsPanel(anEvent());
      fireEvent.change(field(), { target: { value: text } });
      save();
      expect(await within(form()).findByText(MESSAGES.capacity)).toBeTruthy();
      expect(document.activeElement).toBe(field());
      expect(sent).toEqual([]);
    },
  );
});
