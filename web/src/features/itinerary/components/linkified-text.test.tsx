import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LinkifiedText } from "./linkified-text";

const CALL_QUESTION = "Do you want to call this number?";
const EXTERNAL_LINK_QUESTION = "This link will take you to an external website. Do you want to continue?";

const linksIn = (text: string) => {
  const { container, unmount } = render(
    <p>
      <LinkifiedText text={text} />
    </p>,
  );
  const links = [...container.querySelectorAll("a")].map((a) => ({ text: a.textContent, href: a.getAttribute("href") }));
  unmount();
  return links;
};

afterEach(() => vi.restoreAllMocks());

describe("activity text: external links and phone numbers (spec 2 §5)", () => {
  it("makes real phone numbers callable", () => {
    expect(linksIn("Call +351 21 123 4567 to book.")).toEqual([{ text: "+351 21 123 4567", href: "tel:+351211234567" }]);
    expect(linksIn("Front desk (415) 555-0100, ask for Ana")).toEqual([{ text: "(415) 555-0100", href: "tel:4155550100" }]);
  });

  it("does not turn dates or time ranges into phone links", () => {
    expect(linksIn("Arrive on 2027-03-12, open 1200 - 1400 daily")).toEqual([]);
  });

  it("asks 'Do you want to call this number?' before dialling", () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    render(<LinkifiedText text="Call 020 7946 0958" />);
    const link = screen.getByRole("link", { name: "020 7946 0958" });
    expect(fireEvent.click(link)).toBe(false);
    expect(confirm).toHaveBeenCalledWith(CALL_QUESTION);
  });

  it("dials when the person agrees", () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    render(<LinkifiedText text="Call 020 7946 0958" />);
    expect(fireEvent.click(screen.getByRole("link", { name: "020 7946 0958" }))).toBe(true);
  });

  it("links the URL without the sentence's punctuation, and keeps the punctuation as text after it", () => {
    const { container } = render(<LinkifiedText text="(map: https://example.com/map)." />);
    expect(screen.getByRole("link").getAttribute("href")).toBe("https://example.com/map");
    expect(container.textContent).toBe("(map: https://example.com/map).");
  });

  it("shows the address the link goes to, parsed, never the raw text: an override in the text cannot disguise it", () => {
    expect(linksIn("Pay at https://bank.example/\u202Elive.evil\u202C now")).toEqual([
      { text: "https://bank.example/", href: "https://bank.example/" },
    ]);
    expect(linksIn("Menu at https://café.example/carte")).toEqual([
      { text: "https://xn--caf-dma.example/carte", href: "https://xn--caf-dma.example/carte" },
    ]);
  });

  it("asks 'This link will take you to an external website. Do you want to continue?' before leaving", () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    render(<LinkifiedText text="Tickets at https://example.com/tickets." />);
    const link = screen.getByRole("link", { name: "https://example.com/tickets" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(fireEvent.click(link)).toBe(false);
    expect(confirm).toHaveBeenCalledWith(EXTERNAL_LINK_QUESTION);
  });
});
