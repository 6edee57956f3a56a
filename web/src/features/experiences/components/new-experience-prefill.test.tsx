import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "@web/lib/i18n";
import { server } from "@web/test/server";
import { readIn } from "@web/test/words";
import { promptPrefill, type AiGenerator } from "@worker/features/ai/generator.schema";
import type { ExperienceSummary } from "@worker/features/experiences/experiences.schema";
import { addDays, localDate } from "@worker/shared/time-zone";
import { NewExperienceModal } from "./new-experience-modal";

const PREFILL = "Generate itinerary from the attached content. The experience starts on {start} and it ends on {end}.";
const daysFromToday = (days: number) => addDays(localDate(Date.now(), "UTC"), days);
const french = (date: string) =>
  new Intl.DateTimeFormat("fr", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

describe("New Experience's AI prompt in another language", () => {
  it("is prefilled in the page's language with its dates, and its prefill is sent in English, for the server to take it out", async () => {
    await readIn("fr");
    i18n.load("fr", {
      [PREFILL]: [
        "Générer le programme à partir du contenu joint. L’expérience commence le ",
        ["start"],
        " et se termine le ",
        ["end"],
        ".",
      ],
    });
    const received: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.get<PathParams, never, { generator: AiGenerator }>("/api/ai", () => HttpResponse.json({ generator: "offline" })),
      http.post<PathParams, never, ExperienceSummary>("/api/events", async ({ request }) => {
        const fields = Object.fromEntries(await request.formData());
        received.push(fields);
        const [startTime, endTime] = [String(fields.startIsoTime), String(fields.endIsoTime)];
        return HttpResponse.json(
          { id: "ev9", name: "Porto", startTime, endTime, timeZone: "UTC", privacy: "PUBLIC", rsvpType: "OPEN_INVITE" },
          { status: 201 },
        );
      }),
    );
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <NewExperienceModal onClose={onClose} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const [start, end] = [daysFromToday(10), daysFromToday(12)];
    fireEvent.change(screen.getByLabelText(i18n._("Name")), { target: { value: "Porto" } });
    fireEvent.change(screen.getByLabelText(i18n._("Start date")), { target: { value: start } });
    fireEvent.change(screen.getByLabelText(i18n._("End date")), { target: { value: end } });
    const prompt = screen.getByDisplayValue(/^Générer le programme/) as HTMLTextAreaElement;
    expect(prompt.value).toBe(
      `Générer le programme à partir du contenu joint. L’expérience commence le ${french(start)} et se termine le ${french(end)}.`,
    );
    fireEvent.change(prompt, { target: { value: `${prompt.value} Trois jours à Porto` } });
    fireEvent.click(screen.getByRole("button", { name: i18n._("Create") }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(received[0]?.prompt).toBe(`${promptPrefill(start, end)} Trois jours à Porto`);
  });
});
