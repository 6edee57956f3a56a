import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TimeRangeEditor } from "./time-range-editor";

const at = (iso: string) => Date.parse(iso);
const slot = { start: at("2027-03-10T10:00:00Z"), end: at("2027-03-10T11:00:00Z") };
const startBox = () => screen.getByLabelText<HTMLInputElement>("Start time");

describe("TimeRangeEditor (spec 2 §5: commit is debounced 950 ms)", () => {
  beforeEach(() => vi.useFakeTimers({ now: at("2027-03-01T08:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  it("commits a time edit 950 ms after the last keystroke", () => {
    const onChange = vi.fn();
    render(<TimeRangeEditor debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "10:30" } });
    act(() => vi.advanceTimersByTime(949));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledWith({ start: at("2027-03-10T10:30:00Z"), end: slot.end });
  });

  it("commits an edit still waiting for its debounce when the editor closes, instead of dropping it", () => {
    const onChange = vi.fn();
    const { unmount } = render(<TimeRangeEditor debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "12:00" } });
    unmount();
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenCalledWith({ start: at("2027-03-10T12:00:00Z"), end: at("2027-03-10T13:00:00Z") });
    act(() => vi.advanceTimersByTime(950));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it("commits a waiting edit at once when the field loses focus, so a submit reads the new range", () => {
    const onChange = vi.fn();
    render(<TimeRangeEditor debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "10:30" } });
    fireEvent.blur(startBox());
    expect(onChange).toHaveBeenCalledWith({ start: at("2027-03-10T10:30:00Z"), end: slot.end });
  });

  it("reports a start in the past with 'Start time cannot be in the past' and shows the saved time again", () => {
    const onChange = vi.fn();
    const onError = vi.fn();
    const today = { start: at("2027-03-01T10:00:00Z"), end: at("2027-03-01T11:00:00Z") };
    render(<TimeRangeEditor debounce {...today} onChange={onChange} onError={onError} />);
    fireEvent.change(startBox(), { target: { value: "07:00" } });
    act(() => vi.advanceTimersByTime(950));
    expect(onError).toHaveBeenCalledWith("Start time cannot be in the past");
    expect(onChange).not.toHaveBeenCalled();
    expect(startBox().value).toBe("10:00");
  });
});
