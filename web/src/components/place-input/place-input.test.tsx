import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { useState, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "@web/test/server";
import type { AppConfig } from "@worker/features/config/config.schema";
import type { AutocompleteAnswer, PlaceDetails } from "@worker/features/places/places.schema";
import type { LocationView } from "@worker/shared/itinerary.schema";
import { PlaceInput } from "./place-input";

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const belem: PlaceDetails = {
  structuredFormat: { mainText: { text: "Belém Tower" }, secondaryText: { text: "Lisbon, Portugal" } },
  description: "Belém Tower, Lisbon, Portugal",
  googleMapsUri: "https://maps.google.com/?cid=1",
  placeId: "p-belem",
};

/** The server, with places configured or not; every path asked for is recorded. */
function answer(places: boolean) {
  const paths: string[] = [];
  server.events.on("request:start", ({ request }) => void paths.push(new URL(request.url).pathname));
  server.use(
    http.get<PathParams, never, AppConfig>("/oapi/config", () =>
      HttpResponse.json({ googleClientId: null, imageSearch: false, places, pushPublicKey: "test-key" }),
    ),
    http.get<PathParams, never, AutocompleteAnswer>("/api/places/autocomplete", () =>
      HttpResponse.json({
        configured: true,
        suggestions: [
          { placeId: "p-belem", description: "Belém Tower, Lisbon, Portugal", mainText: "Belém Tower", secondaryText: "Lisbon, Portugal" },
          { placeId: "p-bel", description: "Belfast, UK", mainText: "Belfast", secondaryText: "UK" },
        ],
      }),
    ),
    http.get<PathParams, never, PlaceDetails>("/api/places/details/p-belem", () => HttpResponse.json(belem)),
  );
  return paths;
}

function Harness({ initial = null, onChange }: { initial?: LocationView | null; onChange: (v: LocationView | null) => void }) {
  const [value, setValue] = useState<LocationView | null>(initial);
  return (
    <PlaceInput
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe("PlaceInput", () => {
  afterEach(() => server.events.removeAllListeners());

  it("is a plain text box when places are not configured", async () => {
    const paths = answer(false);
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />);
    const box = screen.getByRole("combobox", { name: "Location" });
    await waitFor(() => expect(paths).toContain("/oapi/config"));
    fireEvent.change(box, { target: { value: "Main square" } });
    expect(onChange).toHaveBeenLastCalledWith("Main square");
    await new Promise((r) => setTimeout(r, 600));
    expect(paths.some((path) => path.startsWith("/api/places/"))).toBe(false);
    expect(box.getAttribute("aria-expanded")).toBe("false");
  });

  it("shows the main text of a place value", () => {
    answer(false);
    wrap(<Harness initial={belem} onChange={() => {}} />);
    expect((screen.getByRole("combobox") as HTMLInputElement).value).toBe("Belém Tower");
  });

  it("suggests places and picks one with the keyboard", async () => {
    answer(true);
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />);
    const box = screen.getByRole("combobox", { name: "Location" });
    box.focus();
    fireEvent.change(box, { target: { value: "Bel" } });
    expect(await screen.findByRole("option", { name: /Belém Tower/ })).toBeTruthy();
    expect(box.getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(screen.getByRole("option", { name: /Belém Tower/ }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(belem));
    expect((box as HTMLInputElement).value).toBe("Belém Tower");
    expect(box.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the list on Escape and keeps the free text", async () => {
    answer(true);
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />);
    const box = screen.getByRole("combobox");
    fireEvent.change(box, { target: { value: "Bel" } });
    await screen.findByRole("option", { name: /Belfast/ });
    fireEvent.keyDown(box, { key: "Escape" });
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect(onChange).toHaveBeenLastCalledWith("Bel");
  });
});
