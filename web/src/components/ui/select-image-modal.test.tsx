import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppConfig } from "@worker/features/config/config.schema";
import type { MediaResult, MediaSearchAnswer } from "@worker/features/media/media.schema";
import { ApiError } from "@web/lib/api-client";
import { serverConfigQuery } from "@web/lib/config";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { SelectImageModal } from "./select-image-modal";
import { toast } from "./toast";

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return client;
}

const config = (imageSearch = true): AppConfig => ({ googleClientId: null, imageSearch, places: false, pushPublicKey: "test-key" });
const results = (found: MediaResult[]) => HttpResponse.json<MediaSearchAnswer>({ results: found, page: 1, configured: true });
const noResults = () => results([]);

/** The server: its config, and `media` for each image search; the searches asked for are recorded. */
function answer(media: () => Response, imageSearch = true) {
  const searches: URL[] = [];
  server.use(
    http.get<PathParams, never, AppConfig>("/oapi/config", () => HttpResponse.json(config(imageSearch))),
    http.get<PathParams, never, MediaSearchAnswer | ErrorBody>("/api/v2/media/search", ({ request }) => {
      searches.push(new URL(request.url));
      return media();
    }),
  );
  return searches;
}

const photo: MediaResult = {
  photoId: "p1",
  source: "UNSPLASH",
  urls: {
    small: "https://img.test/s.jpg",
    medium: "https://img.test/m.jpg",
    large: "https://img.test/l.jpg",
    raw: "https://img.test/r.jpg",
  },
  attribution: { name: "Ana Lima", profileUrl: "https://unsplash.com/@ana" },
};

const props = () => ({ onClose: vi.fn(), onUpload: vi.fn(async () => {}), onPick: vi.fn(async () => {}) });

async function openSearch() {
  fireEvent.click(await screen.findByRole("tab", { name: "Search" }));
  return screen.findByLabelText("Search images");
}

describe("SelectImageModal search", () => {
  afterEach(() => vi.restoreAllMocks());

  it("asks for a search term first", async () => {
    answer(noResults);
    wrap(<SelectImageModal {...props()} />);
    expect(screen.getByRole("dialog", { name: "Select Image" })).toBeTruthy();
    expect(screen.getByRole("tablist")).toBeTruthy();
    await openSearch();
    expect(screen.getByText("Enter a search term to find images")).toBeTruthy();
  });

  it("says when no images match, with the query, page, limit and orientation", async () => {
    const searches = answer(noResults);
    wrap(<SelectImageModal {...props()} />);
    fireEvent.change(await openSearch(), { target: { value: "qwerty" } });
    fireEvent.change(screen.getByLabelText("Orientation"), { target: { value: "portrait" } });
    expect(await screen.findByText("No images found")).toBeTruthy();
    expect(Object.fromEntries(searches[0]!.searchParams)).toEqual({ query: "qwerty", page: "1", limit: "30", orientation: "portrait" });
  });

  it("shows the spec's message when the search fails", async () => {
    answer(() => refuse(502, "Unsplash is down"));
    wrap(<SelectImageModal {...props()} />);
    fireEvent.change(await openSearch(), { target: { value: "beach" } });
    expect(await screen.findByText("Failed to load images. Please try again.")).toBeTruthy();
  });

  it("offers Upload and Link only, and no Search tab, when this deployment has no image search key", async () => {
    const searches = answer(noResults, false);
    const client = wrap(<SelectImageModal {...props()} />);
    await waitFor(() => expect(client.getQueryState(serverConfigQuery.queryKey)?.status).toBe("success"));
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Upload", "Link"]);
    expect(screen.getByRole("button", { name: "Choose image" })).toBeTruthy();
    expect(searches).toHaveLength(0);
  });

  it("offers Upload, Search and Link once the config says image search works", async () => {
    answer(noResults);
    wrap(<SelectImageModal {...props()} />);
    await screen.findByRole("tab", { name: "Search" });
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Upload", "Search", "Link"]);
  });

  it("says image search is not configured when the search answers so, without a search box", async () => {
    answer(() =>
      HttpResponse.json<MediaSearchAnswer>({ results: [], page: 1, configured: false, message: "Image search is not configured" }),
    );
    wrap(<SelectImageModal {...props()} />);
    fireEvent.change(await openSearch(), { target: { value: "beach" } });
    expect(await screen.findByText("Image search is not configured")).toBeTruthy();
    expect(screen.queryByLabelText("Search images")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "paste a link" }));
    expect(screen.getByRole("tab", { name: "Link" }).getAttribute("aria-selected")).toBe("true");
  });

  it("picks a result with its large url and credits the photographer", async () => {
    answer(() => results([photo]));
    const p = props();
    wrap(<SelectImageModal {...p} />);
    fireEvent.change(await openSearch(), { target: { value: "beach" } });
    const image = await screen.findByRole("button", { name: "Photo by Ana Lima" });
    const credit = screen.getByRole("link", { name: "Ana Lima" });
    expect(credit.getAttribute("href")).toBe("https://unsplash.com/@ana");
    expect(credit.getAttribute("target")).toBe("_blank");
    expect(credit.getAttribute("rel")).toContain("noopener");
    expect(credit.parentElement!.textContent).toBe("Photo by Ana Lima on Unsplash");
    const ask = vi.spyOn(window, "confirm").mockReturnValue(false);
    fireEvent.click(credit);
    expect(ask).toHaveBeenCalledWith("This link will take you to an external website. Do you want to continue?");
    fireEvent.click(image);
    await waitFor(() => expect(p.onClose).toHaveBeenCalled());
    expect(p.onPick).toHaveBeenCalledWith({ photoId: "p1", source: "UNSPLASH", rawUrl: "https://img.test/l.jpg" });
  });
});

describe("SelectImageModal upload and link", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the server's upload error inside the modal, else the generic one", async () => {
    answer(noResults);
    const p = props();
    p.onUpload.mockRejectedValueOnce(new ApiError("Image is too large", 400, undefined, true)).mockRejectedValueOnce(new Error("x"));
    wrap(<SelectImageModal {...p} />);
    const file = new File(["x"], "a.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Image file"), { target: { files: [file] } });
    expect(await screen.findByText("Image is too large")).toBeTruthy();
    expect(p.onUpload).toHaveBeenCalledWith(file);
    fireEvent.change(screen.getByLabelText("Image file"), { target: { files: [file] } });
    expect(await screen.findByText("Failed to upload image")).toBeTruthy();
    expect(p.onClose).not.toHaveBeenCalled();
  });

  it("shows day and event image errors as a toast, the server's message preferred", async () => {
    answer(noResults);
    const failure = vi.spyOn(toast, "error");
    const p = props();
    p.onUpload.mockRejectedValueOnce(new ApiError("Image is too large", 400, undefined, true)).mockRejectedValueOnce(new Error("x"));
    wrap(<SelectImageModal {...p} errors="toast" />);
    const file = new File(["x"], "a.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Image file"), { target: { files: [file] } });
    await waitFor(() => expect(failure).toHaveBeenCalledWith("Image is too large"));
    fireEvent.change(screen.getByLabelText("Image file"), { target: { files: [file] } });
    await waitFor(() => expect(failure).toHaveBeenCalledWith("Failed to upload image"));
    expect(screen.queryByText("Image is too large")).toBeNull();
  });

  it("closes after a successful upload", async () => {
    answer(noResults);
    const p = props();
    wrap(<SelectImageModal {...p} />);
    fireEvent.drop(screen.getByTestId("image-drop-zone"), { dataTransfer: { files: [new File(["x"], "a.jpg", { type: "image/jpeg" })] } });
    await waitFor(() => expect(p.onClose).toHaveBeenCalled(), { timeout: 2000 });
  });

  it("uses an https link to a public website", async () => {
    answer(noResults);
    const p = props();
    wrap(<SelectImageModal {...p} />);
    fireEvent.click(screen.getByRole("tab", { name: "Link" }));
    const use = screen.getByRole("button", { name: "Use this image" });
    fireEvent.change(screen.getByLabelText("Image link"), { target: { value: "http://x.test/a.jpg" } });
    expect(use.hasAttribute("disabled")).toBe(true);
    expect(screen.getByText("Enter an https:// link to an image")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Image link"), { target: { value: "https://192.168.1.1/a.jpg" } });
    expect(use.hasAttribute("disabled")).toBe(true);
    expect(screen.getByText("Enter a link to an image on a public website")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Image link"), { target: { value: "https://x.test/a.jpg" } });
    expect(screen.getByRole("img", { name: "Preview of the linked image" })).toBeTruthy();
    fireEvent.click(use);
    await waitFor(() => expect(p.onClose).toHaveBeenCalled());
    expect(p.onPick).toHaveBeenCalledWith({ source: "LINK", rawUrl: "https://x.test/a.jpg" });
  });

  it("moves between tabs with the arrow keys", () => {
    answer(noResults);
    wrap(<SelectImageModal {...props()} />);
    const upload = screen.getByRole("tab", { name: "Upload" });
    fireEvent.keyDown(upload, { key: "ArrowLeft" });
    const link = screen.getByRole("tab", { name: "Link" });
    expect(link.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(link);
  });
});
