import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATION_STAGES, GenerationProgress, READING_STAGE_MS } from "./generation-progress";

const stage = () => screen.getByRole("status").textContent;
const steps = () => screen.getAllByRole("listitem").map((step) => [step.textContent, step.getAttribute("data-state")]);
const bar = () => screen.getByRole("progressbar");

function show(uploaded: number, withDocument: boolean) {
  const onCancel = vi.fn();
  const view = render(<GenerationProgress uploaded={uploaded} withDocument={withDocument} onCancel={onCancel} />);
  return {
    onCancel,
    upload: (percent: number) => view.rerender(<GenerationProgress uploaded={percent} withDocument={withDocument} onCancel={onCancel} />),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("Generation progress", () => {
  it("shows 'Uploading…' with the share of the form sent, as a bar with that value", () => {
    show(42, true);
    expect(stage()).toBe(`${GENERATION_STAGES.uploading}42%`);
    expect(bar().getAttribute("aria-valuenow")).toBe("42");
    expect(steps()).toEqual([
      [GENERATION_STAGES.uploading, "current"],
      [GENERATION_STAGES.reading, "pending"],
      [GENERATION_STAGES.building, "pending"],
    ]);
  });

  it(`once sent, shows 'Reading the document…' for ${READING_STAGE_MS / 1000} s, then 'Building the days…', with a bar that claims no value`, () => {
    const { upload } = show(80, true);
    act(() => vi.advanceTimersByTime(READING_STAGE_MS * 2));
    expect(stage()).toBe(`${GENERATION_STAGES.uploading}80%`);

    upload(100);
    expect(stage()).toBe(GENERATION_STAGES.reading);
    expect(bar().getAttribute("aria-valuenow")).toBeNull();
    expect(steps()).toEqual([
      [GENERATION_STAGES.uploading, "done"],
      [GENERATION_STAGES.reading, "current"],
      [GENERATION_STAGES.building, "pending"],
    ]);

    act(() => vi.advanceTimersByTime(READING_STAGE_MS - 1));
    expect(stage()).toBe(GENERATION_STAGES.reading);
    act(() => vi.advanceTimersByTime(1));
    expect(stage()).toBe(GENERATION_STAGES.building);
    expect(screen.getByRole("listitem", { current: "step" }).textContent).toBe(GENERATION_STAGES.building);
  });

  it("without a PDF goes from 'Uploading…' straight to 'Building the days…'", () => {
    const { upload } = show(10, false);
    expect(steps().map(([name]) => name)).toEqual([GENERATION_STAGES.uploading, GENERATION_STAGES.building]);
    upload(100);
    expect(stage()).toBe(GENERATION_STAGES.building);
  });

  it("offers Cancel at every stage", () => {
    const { onCancel, upload } = show(100, true);
    act(() => vi.advanceTimersByTime(READING_STAGE_MS));
    upload(100);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
