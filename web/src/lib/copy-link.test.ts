import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@web/components/ui/toast";
import { copyLink } from "./copy-link";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
}

describe("copyLink", () => {
  it("puts the link on the clipboard and says 'Link copied to clipboard'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    const success = vi.spyOn(toast, "success");
    await copyLink("https://example.com/itinerary/ev1", "Copy it from the address bar.");
    expect(writeText).toHaveBeenCalledWith("https://example.com/itinerary/ev1");
    expect(success).toHaveBeenCalledWith("Link copied to clipboard");
  });

  it("says 'Could not copy the link.' and where to copy it by hand when the browser refuses the clipboard", async () => {
    stubClipboard(() => Promise.reject(new DOMException("Denied", "NotAllowedError")));
    const error = vi.spyOn(toast, "error");
    await copyLink("https://example.com/itinerary/ev1", "Select it and copy it by hand.");
    expect(error).toHaveBeenCalledWith("Could not copy the link. Select it and copy it by hand.");
  });
});
