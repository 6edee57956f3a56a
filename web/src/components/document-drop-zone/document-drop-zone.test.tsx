import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DocumentDropZone } from "./document-drop-zone";

const files = () => [new File(["pdf"], "Plan.pdf", { type: "application/pdf" }), new File(["png"], "Map.png", { type: "image/png" })];

describe("DocumentDropZone", () => {
  it("says 'Drop files here' and the limits: JPEG, PNG or PDF, up to 20 MB each", () => {
    render(<DocumentDropZone onFiles={() => {}} />);
    expect(screen.getByText("Drop files here")).toBeTruthy();
    expect(screen.getByText("JPEG, PNG or PDF, up to 20 MB each, several at once")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Document files").accept).toBe(".jpeg,.jpg,.png,.pdf");
  });

  it("hands over the chosen files and clears the picker, so the same file can be chosen again", () => {
    const onFiles = vi.fn();
    render(<DocumentDropZone onFiles={onFiles} />);
    const picker = screen.getByLabelText<HTMLInputElement>("Document files");
    fireEvent.change(picker, { target: { files: files() } });
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: "Plan.pdf" }), expect.objectContaining({ name: "Map.png" })]);
    expect(picker.value).toBe("");
  });

  it("hands over dropped files", () => {
    const onFiles = vi.fn();
    render(<DocumentDropZone onFiles={onFiles} />);
    fireEvent.drop(screen.getByTestId("document-drop-zone"), { dataTransfer: { files: files() } });
    expect(onFiles.mock.calls[0]![0].map((file: File) => file.name)).toEqual(["Plan.pdf", "Map.png"]);
  });

  it("turns 'Choose files' off while disabled and shows what it is given under it", () => {
    render(
      <DocumentDropZone onFiles={() => {}} disabled>
        <p>Uploading...</p>
      </DocumentDropZone>,
    );
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Choose files" }).disabled).toBe(true);
    expect(screen.getByText("Uploading...")).toBeTruthy();
  });
});
