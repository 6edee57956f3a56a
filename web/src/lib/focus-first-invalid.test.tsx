import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { focusFirstInvalid, useFocusFirstInvalid } from "./focus-first-invalid";

function Form() {
  const [errors, setErrors] = useState<{ name?: string; city?: string }>({});
  const { ref, focusInvalid } = useFocusFirstInvalid();
  return (
    <form
      ref={ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({ name: "Name is required", city: "City is required" });
        focusInvalid();
      }}
    >
      <input aria-label="Title" />
      <input aria-label="Name" aria-invalid={Boolean(errors.name)} />
      <input aria-label="City" aria-invalid={Boolean(errors.city)} />
      <button type="submit">Save</button>
    </form>
  );
}

describe("focusFirstInvalid", () => {
  it("focuses the first field marked invalid once the refused submit has rendered its errors, scrolling it to the middle", () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    render(<Form />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(screen.getByLabelText("Name"));
    expect(scroll).toHaveBeenCalledWith({ block: "center" });
  });

  it("brings a form-level error into view when no field is marked invalid, and answers false when there is nothing", () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const { container } = render(
      <form>
        <input aria-label="Name" aria-invalid={false} />
        <div role="alert">Failed to update event.</div>
      </form>,
    );
    expect(focusFirstInvalid(container)).toBe(true);
    expect(scroll.mock.contexts[0]).toBe(screen.getByRole("alert"));
    expect(document.activeElement).not.toBe(screen.getByLabelText("Name"));
    expect(focusFirstInvalid(document.createElement("form"))).toBe(false);
    expect(focusFirstInvalid(null)).toBe(false);
  });
});
