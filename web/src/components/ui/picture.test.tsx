import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "./avatar";
import { Picture } from "./picture";

describe("Picture", () => {
  it("shows the experience's initials in the image's box, never a broken image, when its link fails", () => {
    const { container, rerender } = render(
      <Picture src="https://images.example.com/gone.jpg" name="Douro Valley Escape" alt="" className="size-20" />,
    );
    fireEvent.error(container.querySelector("img")!);
    expect(container.querySelector("img")).toBeNull();
    const placeholder = container.querySelector("span")!;
    expect(placeholder.textContent).toBe("DV");
    expect(placeholder.className).toContain("size-20");
    expect(placeholder.getAttribute("aria-hidden")).toBe("true");
    // A new link is tried again.
    rerender(<Picture src="https://images.example.com/new.jpg" name="Douro Valley Escape" alt="" className="size-20" />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("https://images.example.com/new.jpg");
  });

  it("keeps a described picture's words on its placeholder", () => {
    const { container } = render(<Picture src="https://images.example.com/gone.jpg" name="Ana Lopes" alt="Photo by Ana Lopes" />);
    fireEvent.error(container.querySelector("img")!);
    expect(screen.getByRole("img", { name: "Photo by Ana Lopes" }).textContent).toBe("AL");
  });

  it("gives an avatar whose picture fails the person's initials", () => {
    const { container } = render(<Avatar src="https://images.example.com/gone.jpg" name="Alex Rivera" />);
    fireEvent.error(container.querySelector("img")!);
    expect(container.textContent).toBe("AR");
  });
});
