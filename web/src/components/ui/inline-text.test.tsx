import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { InlineText } from "./inline-text";

const field = () => screen.getByLabelText<HTMLTextAreaElement>("Day name");

function edit(text: string) {
  fireEvent.change(field(), { target: { value: text } });
  fireEvent.blur(field());
}

describe("InlineText (spec 2 §5: inline edits)", () => {
  it("saves on blur when the text is non-empty and changed", async () => {
    const onSave = vi.fn(async () => {});
    render(<InlineText label="Day name" value="Arrival" onSave={onSave} />);
    edit("  Arrival day ");
    expect(onSave).toHaveBeenCalledWith("Arrival day", "Arrival");
    await waitFor(() => expect(field().value).toBe("  Arrival day "));
  });

  it("reverts an empty or unchanged text without saving", () => {
    const onSave = vi.fn();
    render(<InlineText label="Day name" value="Arrival" onSave={onSave} />);
    edit("   ");
    expect(field().value).toBe("Arrival");
    edit("Arrival ");
    expect(onSave).not.toHaveBeenCalled();
    expect(field().value).toBe("Arrival");
  });

  it("goes back to the last saved value when the save reports failure", async () => {
    render(<InlineText label="Day name" value="Arrival" onSave={async () => false} />);
    edit("Rejected name");
    await waitFor(() => expect(field().value).toBe("Arrival"));
  });

  it("goes back to the last saved value when the save rejects", async () => {
    render(<InlineText label="Day name" value="Arrival" onSave={() => Promise.reject(new Error("Failed to update day"))} />);
    edit("Rejected name");
    await waitFor(() => expect(field().value).toBe("Arrival"));
  });

  it("goes back to the newest saved value when it changed while saving", async () => {
    let fail!: () => void;
    const { rerender } = render(
      <InlineText label="Day name" value="Arrival" onSave={() => new Promise<boolean>((resolve) => (fail = () => resolve(false)))} />,
    );
    edit("Rejected name");
    rerender(<InlineText label="Day name" value="Arrival (renamed by a co-host)" onSave={async () => false} />);
    fail();
    await waitFor(() => expect(field().value).toBe("Arrival (renamed by a co-host)"));
  });

  it("saves an emptied optional field as empty", async () => {
    const onSave = vi.fn(async () => {});
    render(<InlineText label="Day name" optional value="Old town" onSave={onSave} />);
    edit("   ");
    expect(onSave).toHaveBeenCalledWith("", "Old town");
    await waitFor(() => expect(field().value).toBe("   "));
  });

  it("does not save an optional field that was empty and stays empty", () => {
    const onSave = vi.fn();
    render(<InlineText label="Day name" optional value="" onSave={onSave} />);
    edit(" ");
    expect(onSave).not.toHaveBeenCalled();
    expect(field().value).toBe("");
  });
});
