import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActivityLocation, PlaceLocation } from "../../../lib/types";
import { PlaceInput } from "./place-input";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const belem: PlaceLocation = {
  structuredFormat: { mainText: { text: "Belém Tower" }, secondaryText: { text: "Lisbon, Portugal" } },
  description: "Belém Tower, Lisbon, Portugal",
  googleMapsUri: "https://maps.google.com/?cid=1",
  placeId: "p-belem",
};

function server(places: boolean) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://test");
    if (url.pathname === "/oapi/config") return json({ googleClientId: null, imageSearch: false, places });
    if (url.pathname === "/api/places/autocomplete")
      return json({
        configured: true,
        suggestions: [
          { placeId: "p-belem", description: "Belém Tower, Lisbon, Portugal", mainText: "Belém Tower", secondaryText: "Lisbon, Portugal" },
          { placeId: "p-bel", description: "Belfast, UK", mainText: "Belfast", secondaryText: "UK" },
        ],
      });
    if (url.pathname === "/api/places/details/p-belem") return json(belem);
    return json({ error: "unexpected" }, 404);
  });
}

function Harness({ initial = null, onChange }: { initial?: ActivityLocation; onChange: (v: ActivityLocation) => void }) {
  const [value, setValue] = useState<ActivityLocation>(initial);
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
  afterEach(() => vi.restoreAllMocks());

  it("is a plain text box when places are not configured", async () => {
    const fetch = server(false);
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />);
    const box = screen.getByRole("combobox", { name: "Location" });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    fireEvent.change(box, { target: { value: "Main square" } });
    expect(onChange).toHaveBeenLastCalledWith("Main square");
    await new Promise((r) => setTimeout(r, 600));
    expect(fetch.mock.calls.some((c) => String(c[0]).includes("/api/places/"))).toBe(false);
    expect(box.getAttribute("aria-expanded")).toBe("false");
  });

  it("shows the main text of a place value", () => {
    server(false);
    wrap(<Harness initial={belem} onChange={() => {}} />);
    expect((screen.getByRole("combobox") as HTMLInputElement).value).toBe("Belém Tower");
  });

  it("suggests places and picks one with the keyboard", async () => {
    server(true);
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
    server(true);
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
