import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Menu, type MenuItem } from "@web/components/ui/menu";
import { toast } from "@web/components/ui/toast";
import { UserText } from "@web/components/ui/user-text";
import { ApiError } from "@web/lib/api-client";
import { serverConfigQuery } from "@web/lib/config";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { AppConfig } from "@worker/features/config/config.schema";
import type { MediaResult, MediaSearchAnswer } from "@worker/features/media/media.schema";
import { SelectImageModal } from "./select-image-modal";

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

function renderMenu(items?: MenuItem[]) {
  const chosen = vi.fn();
  const shown = items ?? [
    { label: "Approve", onSelect: () => chosen("Approve", document.activeElement) },
    { label: "Reject", onSelect: () => chosen("Reject"), disabled: true },
    { label: "Resend invite", onSelect: () => chosen("Resend invite") },
    { label: "Remove", onSelect: () => chosen("Remove") },
  ];
  render(
    <MemoryRouter>
      <Routes>
        <Route
          path="/"
          element={
            <>
              <Menu items={shown} buttonClassName="">
                Actions
              </Menu>
              <button type="button">After</button>
            </>
          }
        />
        <Route path="/profile" element={<h1>Profile page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { chosen, button: screen.getByRole("button", { name: "Actions" }) };
}

const focused = () => document.activeElement?.textContent;
const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });

describe("a menu button", () => {
  it("says it opens a menu, and whether it is open", () => {
    const { button } = renderMenu();
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("menu", { name: "Actions" });
    expect(button.getAttribute("aria-controls")).toBe(menu.id);
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Approve", "Reject", "Resend invite", "Remove"]);
  });

  it("opens on a click or ArrowDown with focus on the first item", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    expect(focused()).toBe("Approve");
    fireEvent.click(button);
    expect(screen.queryByRole("menu")).toBeNull();
    button.focus();
    press("ArrowDown");
    expect(focused()).toBe("Approve");
  });

  it("opens on ArrowUp with focus on the last item", () => {
    renderMenu().button.focus();
    press("ArrowUp");
    expect(focused()).toBe("Remove");
  });

  it("moves down and up with the arrows, wrapping at both ends, and keeps disabled items reachable", () => {
    renderMenu().button.focus();
    press("ArrowDown");
    press("ArrowDown");
    expect(focused()).toBe("Reject");
    press("ArrowDown");
    press("ArrowDown");
    expect(focused()).toBe("Remove");
    press("ArrowDown");
    expect(focused()).toBe("Approve");
    press("ArrowUp");
    expect(focused()).toBe("Remove");
  });

  it("goes to the first item on Home and the last on End", () => {
    fireEvent.click(renderMenu().button);
    press("End");
    expect(focused()).toBe("Remove");
    press("Home");
    expect(focused()).toBe("Approve");
  });

  it("goes to the next item starting with a typed character, wrapping, in either case", () => {
    renderMenu().button.focus();
    press("ArrowDown");
    press("r");
    expect(focused()).toBe("Reject");
    press("R");
    expect(focused()).toBe("Resend invite");
    press("r");
    expect(focused()).toBe("Remove");
    press("r");
    expect(focused()).toBe("Reject");
    press("z");
    expect(focused()).toBe("Reject");
  });

  it("closes on Escape and gives focus back to its button", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    press("Escape");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("closes on Tab, letting focus move on", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    const tab = fireEvent.keyDown(document.activeElement!, { key: "Tab" });
    expect(tab).toBe(true);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("closes on a press elsewhere, leaving focus where it went", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole("button", { name: "After" }));
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("runs a chosen item once focus is back on its button, and closes", () => {
    const { button, chosen } = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole("menuitem", { name: "Approve" }));
    expect(chosen).toHaveBeenCalledExactlyOnceWith("Approve", button);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("does nothing for a disabled item, which says so", () => {
    const { button, chosen } = renderMenu();
    fireEvent.click(button);
    const reject = screen.getByRole("menuitem", { name: "Reject" });
    expect(reject.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(reject);
    expect(chosen).not.toHaveBeenCalled();
    expect(screen.getByRole("menu")).toBeTruthy();
  });

  it("opens a page from a link item, on a click or on Space", async () => {
    const { button } = renderMenu([{ label: "Profile", to: "/profile" }, { label: "Logout" }]);
    fireEvent.click(button);
    const profile = screen.getByRole("menuitem", { name: "Profile" });
    expect(profile.getAttribute("href")).toBe("/profile");
    press(" ");
    expect(await screen.findByRole("heading", { name: "Profile page" })).toBeTruthy();
  });
});

const RLO = "\u202E";

describe("UserText: text someone typed is bidi-isolated", () => {
  it("is a <bdi dir='auto'> inline, or the element `as` names with dir='auto'", () => {
    render(
      <p>
        Hosted by <UserText>{`Eve${RLO}lam`}</UserText>
        <UserText as="h2" className="title">{`Trip ${RLO}evil`}</UserText>
      </p>,
    );
    const name = screen.getByText(`Eve${RLO}lam`);
    expect(name.tagName).toBe("BDI");
    expect(name.getAttribute("dir")).toBe("auto");
    const title = screen.getByText(`Trip ${RLO}evil`);
    expect(title.tagName).toBe("H2");
    expect(title.getAttribute("dir")).toBe("auto");
    expect(title.className).toBe("title");
  });
});
