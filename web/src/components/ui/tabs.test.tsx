import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState, useRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { InlineText } from "./inline-text";
import { Modal } from "./modal";
import { Tabs, useTabIds, type TabItem } from "./tabs";
import { useDismiss, type DismissReason } from "./use-dismiss";

type Fruit = "apple" | "pear" | "plum";
const FRUITS: TabItem<Fruit>[] = [
  { id: "apple", label: "Apple", badge: 3 },
  { id: "pear", label: "Pear", badge: 0 },
  { id: "plum", label: "Plum" },
];

function Fruits() {
  const [fruit, setFruit] = useState<Fruit>("apple");
  const ids = useTabIds<Fruit>();
  return (
    <>
      <Tabs label="Fruit" tabs={FRUITS} selected={fruit} onSelect={setFruit} ids={ids} />
      <div {...ids.panelProps(fruit)}>{fruit} panel</div>
    </>
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });
const selected = () => screen.getAllByRole("tab").filter((t) => t.getAttribute("aria-selected") === "true");

describe("Tabs", () => {
  it("names the list and each tab by its label and badge", () => {
    render(<Fruits />);
    expect(screen.getByRole("tablist", { name: "Fruit" })).toBeTruthy();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Apple 3", "Pear 0", "Plum"]);
    expect(tab("Apple 3")).toBeTruthy();
  });

  it("ties the selected tab and its panel together, with one tab stop", () => {
    render(<Fruits />);
    const apple = tab("Apple 3");
    const panel = screen.getByRole("tabpanel", { name: "Apple 3" });
    expect(apple.getAttribute("aria-selected")).toBe("true");
    expect(apple.getAttribute("aria-controls")).toBe(panel.id);
    expect(panel.getAttribute("aria-labelledby")).toBe(apple.id);
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(tab("Pear 0").getAttribute("aria-controls")).toBeNull();
    expect(new Set(screen.getAllByRole("tab").map((t) => t.id)).size).toBe(3);
  });

  it("selects a tab on click", () => {
    render(<Fruits />);
    fireEvent.click(tab("Plum"));
    expect(selected()).toEqual([tab("Plum")]);
    expect(screen.getByRole("tabpanel", { name: "Plum" }).textContent).toBe("plum panel");
  });

  it("moves with ArrowRight and ArrowLeft (wrapping), Home and End, selecting and focusing the tab it reaches", () => {
    render(<Fruits />);
    const [apple, pear, plum] = screen.getAllByRole("tab") as [HTMLElement, HTMLElement, HTMLElement];
    fireEvent.keyDown(apple, { key: "ArrowRight" });
    expect(selected()).toEqual([pear]);
    expect(document.activeElement).toBe(pear);
    fireEvent.keyDown(pear, { key: "End" });
    expect(document.activeElement).toBe(plum);
    fireEvent.keyDown(plum, { key: "ArrowRight" });
    expect(document.activeElement).toBe(apple);
    fireEvent.keyDown(apple, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(plum);
    fireEvent.keyDown(plum, { key: "Home" });
    expect(selected()).toEqual([apple]);
    expect(document.activeElement).toBe(apple);
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });

  it("right to left (Arabic, Hebrew), moves to the next tab with ArrowLeft and back with ArrowRight", () => {
    document.documentElement.dir = "rtl";
    try {
      render(<Fruits />);
      const [apple, pear, plum] = screen.getAllByRole("tab") as [HTMLElement, HTMLElement, HTMLElement];
      fireEvent.keyDown(apple, { key: "ArrowLeft" });
      expect(selected()).toEqual([pear]);
      fireEvent.keyDown(pear, { key: "ArrowRight" });
      expect(document.activeElement).toBe(apple);
      fireEvent.keyDown(apple, { key: "ArrowRight" });
      expect(document.activeElement).toBe(plum);
    } finally {
      document.documentElement.dir = "ltr";
    }
  });

  it("leaves other keys alone", () => {
    render(<Fruits />);
    fireEvent.keyDown(tab("Apple 3"), { key: "ArrowDown" });
    expect(selected()).toEqual([tab("Apple 3")]);
  });
});

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

function Popup({ onDismiss, active = true }: { onDismiss: (reason: DismissReason) => void; active?: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  useDismiss(root, onDismiss, active);
  return (
    <div ref={root}>
      <button type="button">Inside</button>
    </div>
  );
}

function renderPopup(props: { active?: boolean } = {}) {
  const onDismiss = vi.fn();
  render(
    <>
      <Popup onDismiss={onDismiss} {...props} />
      <button type="button">Outside</button>
    </>,
  );
  return onDismiss;
}

describe("useDismiss", () => {
  it("dismisses on a pointer press outside, not inside", () => {
    const onDismiss = renderPopup();
    fireEvent.pointerDown(screen.getByRole("button", { name: "Inside" }));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByRole("button", { name: "Outside" }));
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith("outside");
  });

  it("dismisses on Escape pressed inside", () => {
    const onDismiss = renderPopup();
    fireEvent.keyDown(screen.getByRole("button", { name: "Inside" }), { key: "Escape" });
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith("escape");
    fireEvent.keyDown(screen.getByRole("button", { name: "Inside" }), { key: "Enter" });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("does nothing while inactive", () => {
    const onDismiss = renderPopup({ active: false });
    fireEvent.pointerDown(screen.getByRole("button", { name: "Outside" }));
    fireEvent.keyDown(screen.getByRole("button", { name: "Inside" }), { key: "Escape" });
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it("keeps the Escape from closing a dialog around the popup", () => {
    const onDismiss = vi.fn();
    const onClose = vi.fn();
    render(
      <Modal title="Around" onClose={onClose}>
        <Popup onDismiss={onDismiss} />
      </Modal>,
    );
    fireEvent.keyDown(screen.getByRole("button", { name: "Inside" }), { key: "Escape" });
    expect(onDismiss).toHaveBeenCalledWith("escape");
    expect(onClose).not.toHaveBeenCalled();
  });
});
