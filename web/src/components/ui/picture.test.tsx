import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Picture } from "./picture";

describe("Picture", () => {
  it("gives sizes only with a srcset: an outside picture without sized copies has neither", () => {
    render(<Picture name="Lisbon" src="https://images.example/lisbon.jpg" sizes="100vw" alt="outside" />);
    const outside = screen.getByRole("img", { name: "outside" });
    expect(outside.getAttribute("sizes")).toBeNull();
    expect(outside.getAttribute("srcset")).toBeNull();
  });

  it("keeps sizes beside the srcset of an uploaded picture's copies", () => {
    render(<Picture name="Lisbon" src="/files/a/original" srcSet="/files/a/w640 640w" sizes="100vw" alt="uploaded" />);
    const uploaded = screen.getByRole("img", { name: "uploaded" });
    expect(uploaded.getAttribute("srcset")).toBe("/files/a/w640 640w");
    expect(uploaded.getAttribute("sizes")).toBe("100vw");
  });
});
