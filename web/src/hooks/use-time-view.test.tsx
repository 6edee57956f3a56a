import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { setTimeView, useTimeView } from "./use-time-view";

function Shown() {
  return <p>{useTimeView()}</p>;
}

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="experiences/:eventId" element={<Shown />} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(() => localStorage.clear());

describe("'Your time'", () => {
  it("is remembered per experience: choosing it on one leaves the others on their own clock", () => {
    const lisbon = at("/experiences/lisbon");
    expect(screen.getByText("venue")).toBeTruthy();
    act(() => setTimeView("viewer", "lisbon"));
    expect(screen.getByText("viewer")).toBeTruthy();
    lisbon.unmount();

    const tokyo = at("/experiences/tokyo");
    expect(screen.getByText("venue")).toBeTruthy();
    tokyo.unmount();
    at("/experiences/lisbon");
    expect(screen.getByText("viewer")).toBeTruthy();
  });
});
