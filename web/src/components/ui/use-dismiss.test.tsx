import { fireEvent, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "./modal";
import { useDismiss, type DismissReason } from "./use-dismiss";

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
