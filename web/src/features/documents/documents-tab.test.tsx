import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { rsvpKeys } from "@web/lib/queries/query-keys";
import { session } from "@web/lib/session";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { aDocument, anRsvp, asGuest, asHost, documentLists, documentsOf, renderTab, rsvpList } from "./documents.test-support";

afterEach(() => session.clear());

const ana = anRsvp("YES", { guid: "g-ana", firstName: "Ana", lastName: "Lima" });
const bruno = anRsvp("MAYBE", { guid: "g-bruno", firstName: "Bruno", lastName: "Costa" });
const carla = anRsvp("REQUESTED", { guid: "g-carla", firstName: "Carla", lastName: "Dias" });
const dora = anRsvp("NO", { guid: "g-dora", firstName: "Dora", lastName: "Eça" });
const invitee = anRsvp("YES", { guid: null, firstName: "", emailId: "new@guest.org" });

const whoseList = () => screen.getByRole("navigation", { name: "Whose documents" });
// Each entry is its avatar (initials) and then the name.
const entryName = (button: Element | null) => button?.lastElementChild?.textContent;
const entryNames = () => within(whoseList()).getAllByRole("button").map(entryName);
const cardNames = (label: string) =>
  within(screen.getByRole("list", { name: label }))
    .getAllByRole("listitem")
    .map((li) => li.querySelector("p")!.textContent);

describe("the Documents tab for owner and hosts (spec 2 §2)", () => {
  it("lists 'Common Documents' and the attending guests (YES or MAYBE, with an account), not the pending or declined", async () => {
    rsvpList([carla, bruno, dora, invitee, ana]);
    documentLists({});
    renderTab(asHost);
    await within(whoseList()).findByRole("list", { name: "Attending guests" });
    expect(entryNames()).toEqual(["Common Documents", "Ana Lima", "Bruno Costa"]);
  });

  it("shows the common documents first, and the chosen guest's documents once they are picked", async () => {
    rsvpList([ana, bruno]);
    const asked = documentLists({
      common: [aDocument({ name: "Programme.pdf" })],
      "g-ana": [aDocument({ name: "Ana ticket.pdf" }), aDocument({ name: "Ana visa.pdf" })],
    });
    renderTab();
    expect(await screen.findByRole("list", { name: "Common Documents: documents" })).toBeTruthy();
    expect(cardNames("Common Documents: documents")).toEqual(["Programme.pdf"]);
    expect(screen.getByRole("button", { name: /Common Documents/ }).getAttribute("aria-current")).toBe("true");

    fireEvent.click(await screen.findByRole("button", { name: /Ana Lima/ }));
    expect(await screen.findByRole("heading", { name: "Ana Lima" })).toBeTruthy();
    await screen.findByRole("list", { name: "Ana Lima: documents" });
    expect(cardNames("Ana Lima: documents")).toEqual(["Ana ticket.pdf", "Ana visa.pdf"]);
    expect(asked).toEqual(["common", "g-ana"]);
  });

  it("adds a guest who starts attending when a live RSVP change makes the attendee list stale", async () => {
    rsvpList([ana]);
    documentLists({});
    const { client } = renderTab(asHost);
    await within(whoseList()).findByRole("list", { name: "Attending guests" });
    expect(entryNames()).toEqual(["Common Documents", "Ana Lima"]);

    rsvpList([ana, bruno]);
    await act(() => client.invalidateQueries({ queryKey: rsvpKeys.event("ev1") }));
    await waitFor(() => expect(entryNames()).toEqual(["Common Documents", "Ana Lima", "Bruno Costa"]));
  });

  it("says so when nobody attends yet, and still offers the common documents", async () => {
    rsvpList([carla]);
    documentLists({});
    renderTab();
    expect(await screen.findByText("No attending guests yet. Guests appear here once they accept.")).toBeTruthy();
    expect(await screen.findByText("No common documents yet. What you add here, every guest can see.")).toBeTruthy();
    expect(screen.getByText("Drop files here")).toBeTruthy();
  });

  it("shows the server's message when the guests cannot be loaded", async () => {
    server.use(http.get<PathParams, never, ErrorBody>("/api/rsvp/event/ev1", () => refuse(403, "Only hosts can do this")));
    documentLists({});
    renderTab();
    expect((await within(whoseList()).findByRole("alert")).textContent).toBe("Only hosts can do this");
  });

  it("shows an image's thumbnail, a PDF's icon, the type in words, a third-party uploader, and links that open and download the signed URL", async () => {
    rsvpList([]);
    documentLists({
      common: [
        aDocument({
          name: "Map.png",
          mimeType: "image/png",
          type: "boarding_pass",
          document: { original: "/files/map?s=1" },
          thirdPartyUploader: null,
        }),
        aDocument({ name: "Cover.pdf", type: "other", otherDocumentType: "Travel insurance", document: { original: "/files/cover?s=2" } }),
      ],
    });
    renderTab();
    const grid = await screen.findByRole("list", { name: "Common Documents: documents" });
    const [map, cover] = within(grid).getAllByRole("listitem") as [HTMLElement, HTMLElement];

    expect(map.querySelector("img")?.getAttribute("src")).toBe("/files/map?s=1");
    expect(within(map).getByText("Boarding pass")).toBeTruthy();
    expect(within(map).queryByText(/Uploaded by/)).toBeNull();

    expect(cover.querySelector("img")).toBeNull();
    expect(cover.querySelector("svg text")?.textContent).toBe("PDF");
    expect(within(cover).getByText("Travel insurance")).toBeTruthy();
    expect(within(cover).getByText("Uploaded by Hana Host")).toBeTruthy();
    const open = within(cover).getByRole("link", { name: "Open Cover.pdf" });
    expect([open.getAttribute("href"), open.getAttribute("target")]).toEqual(["/files/cover?s=2", "_blank"]);
    const download = within(cover).getByRole("link", { name: "Download Cover.pdf" });
    expect([download.getAttribute("href"), download.getAttribute("download")]).toEqual(["/files/cover?s=2", "Cover.pdf"]);
  });

  it("asks 'Are you sure you want to delete this document?' and removes the card once the server agrees", async () => {
    rsvpList([]);
    const doc = aDocument({ name: "Old.pdf" });
    documentLists({ common: [doc, aDocument({ name: "Keep.pdf" })] });
    const deleted: string[] = [];
    server.use(
      http.delete<{ documentId: string }, never, { success: true }>("/api/documents/:documentId", ({ params }) => {
        deleted.push(params.documentId);
        documentLists({ common: [aDocument({ name: "Keep.pdf" })] });
        return HttpResponse.json({ success: true as const });
      }),
    );
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Old.pdf" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText("Are you sure you want to delete this document?")).toBeTruthy();
    expect(deleted).toEqual([]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(deleted).toEqual([doc.id]);
    expect(cardNames("Common Documents: documents")).toEqual(["Keep.pdf"]);
    expect(await screen.findByText("Document deleted")).toBeTruthy();
  });

  it("keeps the card and shows the server's reason when a delete is refused", async () => {
    rsvpList([]);
    documentLists({ common: [aDocument({ name: "Old.pdf" })] });
    server.use(http.delete<PathParams, never, ErrorBody>("/api/documents/:documentId", () => refuse(404, "Document not found")));
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Old.pdf" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Document not found")).toBeTruthy();
    expect(cardNames("Common Documents: documents")).toEqual(["Old.pdf"]);
  });

  it("says why a list cannot be read, with a way to try again", async () => {
    rsvpList([]);
    server.use(http.get(documentsOf("common"), () => HttpResponse.error()));
    renderTab();
    expect((await within(screen.getByRole("region")).findByRole("alert")).textContent).toBe("Network Connection Timeout");
    documentLists({ common: [aDocument({ name: "Back.pdf" })] });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Back.pdf")).toBeTruthy();
  });
});

describe("the Documents tab on a phone (under 640 px): one pane at a time", () => {
  // jsdom applies no stylesheet, so what a phone shows is read from the panes' classes: `hidden` below sm.
  const shownOnPhone = (element: HTMLElement) => !element.className.split(" ").includes("hidden");
  const documentsPane = () => screen.getByRole("region");

  it("opens on the list; picking a guest shows their grid with a Back button, which returns to the list", async () => {
    rsvpList([ana]);
    documentLists({ "g-ana": [aDocument({ name: "Ana ticket.pdf" })] });
    renderTab();
    await within(whoseList()).findByRole("list", { name: "Attending guests" });
    expect([shownOnPhone(whoseList()), shownOnPhone(documentsPane())]).toEqual([true, false]);

    fireEvent.click(screen.getByRole("button", { name: /Ana Lima/ }));
    expect([shownOnPhone(whoseList()), shownOnPhone(documentsPane())]).toEqual([false, true]);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Ana Lima" }));
    expect(await screen.findByText("Ana ticket.pdf")).toBeTruthy();

    fireEvent.click(within(documentsPane()).getByRole("button", { name: "Back" }));
    expect([shownOnPhone(whoseList()), shownOnPhone(documentsPane())]).toEqual([true, false]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Ana Lima/ }));
  });

  it("moves through the list with the arrows, Home and End", async () => {
    rsvpList([ana, bruno]);
    documentLists({});
    renderTab();
    await within(whoseList()).findByRole("list", { name: "Attending guests" });
    const common = screen.getByRole("button", { name: /Common Documents/ });
    common.focus();
    fireEvent.keyDown(common, { key: "ArrowDown" });
    expect(entryName(document.activeElement)).toBe("Ana Lima");
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(entryName(document.activeElement)).toBe("Bruno Costa");
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    expect(document.activeElement).toBe(common);
  });
});

describe("the Documents tab for a guest (spec 2 §6: only their own and the common ones)", () => {
  it("shows 'My Documents' and 'Common Documents', asks for no one else's, and offers no list, upload or delete", async () => {
    const asked = documentLists({ me: [aDocument({ name: "My ticket.pdf" })], common: [aDocument({ name: "Programme.pdf" })] });
    renderTab(asGuest);
    expect(await screen.findByText("My ticket.pdf")).toBeTruthy();
    expect(await screen.findByText("Programme.pdf")).toBeTruthy();
    expect(screen.getAllByRole("heading").map((h) => h.textContent)).toEqual(["My Documents", "Common Documents"]);
    expect(asked.sort()).toEqual(["common", "me"]);
    expect(screen.queryByRole("navigation", { name: "Whose documents" })).toBeNull();
    expect(screen.queryByText("Drop files here")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Open My ticket.pdf" })).toBeTruthy();
  });

  it("says so when the hosts have added nothing yet", async () => {
    documentLists({});
    renderTab(asGuest);
    expect(await screen.findByText("No documents for you yet. When your hosts add your tickets or passes, they appear here.")).toBeTruthy();
    expect(await screen.findByText("No common documents yet.")).toBeTruthy();
  });
});
