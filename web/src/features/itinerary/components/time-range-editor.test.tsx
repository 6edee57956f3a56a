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
    render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "10:30" } });
    act(() => vi.advanceTimersByTime(949));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledWith({ start: at("2027-03-10T10:30:00Z"), end: slot.end });
  });

  it("commits an edit still waiting for its debounce when the editor closes, instead of dropping it", () => {
    const onChange = vi.fn();
    const { unmount } = render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "12:00" } });
    unmount();
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenCalledWith({ start: at("2027-03-10T12:00:00Z"), end: at("2027-03-10T13:00:00Z") });
    act(() => vi.advanceTimersByTime(950));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it("commits a waiting edit at once when the field loses focus, so a submit reads the new range", () => {
    const onChange = vi.fn();
    render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "10:30" } });
    fireEvent.blur(startBox());
    expect(onChange).toHaveBeenCalledWith({ start: at("2027-03-10T10:30:00Z"), end: slot.end });
  });

  it("selects the whole end time a new start pushed when focus has just moved there, so the keys typed next replace it", () => {
    render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={() => {}} onError={() => {}} />);
    const endBox = screen.getByLabelText<HTMLInputElement>("End time");
    startBox().focus();
    fireEvent.change(startBox(), { target: { value: "11:00" } });
    // Tab selects the text of the box it reaches; the start's commit then rewrites that text.
    endBox.select();
    act(() => endBox.focus());
    expect(endBox.value).toBe("12:00");
    expect([endBox.selectionStart, endBox.selectionEnd]).toEqual([0, 5]);
  });

  it("reports a start in the past with 'Start time cannot be in the past' and shows the saved time again", () => {
    const onChange = vi.fn();
    const onError = vi.fn();
    const today = { start: at("2027-03-01T10:00:00Z"), end: at("2027-03-01T11:00:00Z") };
    render(<TimeRangeEditor zone="UTC" debounce {...today} onChange={onChange} onError={onError} />);
    fireEvent.change(startBox(), { target: { value: "07:00" } });
    act(() => vi.advanceTimersByTime(950));
    expect(onError).toHaveBeenCalledWith("Start time cannot be in the past");
    expect(onChange).not.toHaveBeenCalled();
    expect(startBox().value).toBe("10:00");
  });
});

describe("TimeRangeEditor refuses a text that is no time of day", () => {
  const endBox = () => screen.getByLabelText<HTMLInputElement>("End time");

  it("says 'Enter a time between 00:00 and 23:59' under the field for '25:99', marks it invalid and saves nothing", () => {
    vi.useFakeTimers({ now: at("2027-03-01T08:00:00Z") });
    const onChange = vi.fn();
    render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={onChange} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "25:99" } });
    expect(screen.getByRole("alert").textContent).toBe("Enter a time between 00:00 and 23:59");
    expect(startBox().getAttribute("aria-invalid")).toBe("true");
    expect(startBox().getAttribute("aria-describedby")).toBe(screen.getByRole("alert").id);
    act(() => vi.advanceTimersByTime(2000));
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(startBox(), { target: { value: "9:30" } });
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => vi.advanceTimersByTime(950));
    expect(onChange).toHaveBeenCalledWith({ start: at("2027-03-10T09:30:00Z"), end: slot.end });
    vi.useRealTimers();
  });

  it("waits for the whole time while it is typed, and judges what is left in the field on blur", () => {
    render(<TimeRangeEditor zone="UTC" {...slot} onChange={() => {}} onError={() => {}} />);
    fireEvent.change(endBox(), { target: { value: "2" } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.blur(endBox());
    expect(screen.getByRole("alert").textContent).toBe("Enter a time between 00:00 and 23:59");
    expect(endBox().getAttribute("aria-invalid")).toBe("true");
  });

  it("keeps Start's '25:99' and its message while End is changed, and tells the form until Start is fixed", () => {
    vi.useFakeTimers({ now: at("2027-03-01T08:00:00Z") });
    const onChange = vi.fn();
    const onInvalidChange = vi.fn();
    render(<TimeRangeEditor zone="UTC" debounce {...slot} onChange={onChange} onError={() => {}} onInvalidChange={onInvalidChange} />);
    fireEvent.change(startBox(), { target: { value: "25:99" } });
    fireEvent.blur(startBox());
    expect(onInvalidChange).toHaveBeenLastCalledWith(true);
    fireEvent.change(endBox(), { target: { value: "12:00" } });
    act(() => vi.advanceTimersByTime(950));
    expect(onChange).toHaveBeenCalledWith({ start: slot.start, end: at("2027-03-10T12:00:00Z") });
    expect(startBox().value).toBe("25:99");
    expect(startBox().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Enter a time between 00:00 and 23:59");
    expect(onInvalidChange).toHaveBeenCalledOnce();

    fireEvent.change(startBox(), { target: { value: "11:00" } });
    expect(onInvalidChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole("alert")).toBeNull();
    vi.useRealTimers();
  });

  it("says the message once when both boxes are refused, each box pointing at it", () => {
    render(<TimeRangeEditor zone="UTC" {...slot} onChange={() => {}} onError={() => {}} />);
    fireEvent.change(startBox(), { target: { value: "25:99" } });
    fireEvent.change(endBox(), { target: { value: "24:61" } });
    const alert = screen.getByRole("alert");
    expect(startBox().getAttribute("aria-describedby")).toBe(alert.id);
    expect(endBox().getAttribute("aria-describedby")).toBe(alert.id);
  });
});
