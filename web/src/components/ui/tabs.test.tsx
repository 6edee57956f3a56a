import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Tabs, useTabIds, type TabItem } from "./tabs";

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

  it("leaves other keys alone", () => {
    render(<Fruits />);
    fireEvent.keyDown(tab("Apple 3"), { key: "ArrowDown" });
    expect(selected()).toEqual([tab("Apple 3")]);
  });
});
