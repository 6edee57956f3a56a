import { onlineManager } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UPLOAD_ERROR_MS, UPLOAD_TICK_MS } from "@web/components/ui/upload-status";
import { session } from "@web/lib/session";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { DocumentView } from "@worker/features/documents/documents.schema";
import { aDocument, anRsvp, documentLists, renderTab, rsvpList } from "./documents.test-support";

afterEach(() => {
  vi.useRealTimers();
  session.clear();
});

const ana = anRsvp("YES", { guid: "g-ana", firstName: "Ana", lastName: "Lima" });
const pdf = (name: string) => new File(["%PDF-1.7\n"], name, { type: "application/pdf" });
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: "image/png" });
const drop = (files: File[]) => fireEvent.drop(screen.getByTestId("document-drop-zone"), { dataTransfer: { files } });
const uploads = () => screen.queryByRole("list", { name: "Uploads" });

/** Takes each upload of `path` and answers it only when the test says so; records what each request carried. */
function heldUploads(path: string) {
  const received: { names: string[]; type?: string; otherDocumentType?: string }[] = [];
  const release = new Map<string, (doc: DocumentView) => void>();
  server.use(
    http.post<PathParams, never, DocumentView[] | ErrorBody>(path, async ({ request }) => {
      const form = await request.formData();
      const files = form.getAll("files") as File[];
      const kind = Object.fromEntries(
        (["type", "otherDocumentType"] as const).flatMap((field) => (form.has(field) ? [[field, String(form.get(field))]] : [])),
      );
      received.push({ names: files.map((f) => f.name), ...kind });
      const doc = await new Promise<DocumentView>((resolve) => release.set(files[0]!.name, resolve));
      return HttpResponse.json([doc], { status: 201 });
    }),
  );
  return { received, release: (name: string, doc: DocumentView) => release.get(name)!(doc), waitingFor: () => [...release.keys()] };
}

describe("uploading documents (spec 2 §5: jpeg, jpg, png and pdf, several at once)", () => {
  it("sends two dropped files as two requests to the chosen guest, each with its own spinner and progress, then shows both", async () => {
    rsvpList([ana]);
    const lists: Record<string, DocumentView[]> = { "g-ana": [] };
    documentLists(lists);
    const held = heldUploads("/api/documents/event/ev1/user/g-ana");
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: /Ana Lima/ }));
    await screen.findByText(/No documents for \u2068Ana Lima\u2069 yet/);

    drop([pdf("Ticket.pdf"), png("Passport.png")]);
    await waitFor(() => expect(held.received).toHaveLength(2));
    expect(held.received).toEqual([{ names: ["Ticket.pdf"] }, { names: ["Passport.png"] }]);
    const rows = within(uploads()!).getAllByRole("listitem");
    expect(rows.map((row) => within(row).getByRole("progressbar").getAttribute("aria-label"))).toEqual([
      "Ticket.pdf upload progress",
      "Passport.png upload progress",
    ]);
    expect(screen.getByRole("status", { name: "Uploading Ticket.pdf" })).toBeTruthy();
    expect(screen.getByRole("status", { name: "Uploading Passport.png" })).toBeTruthy();
    // MSW reports an XHR's upload progress only with its answer; hooks/use-file-uploads.test.ts follows the percentages.
    expect(
      within(uploads()!)
        .getAllByRole("progressbar")
        .map((bar) => bar.getAttribute("aria-valuenow")),
    ).toEqual(["0", "0"]);

    const ticket = aDocument({ name: "Ticket.pdf" });
    lists["g-ana"] = [ticket];
    act(() => held.release("Ticket.pdf", ticket));
    expect(await screen.findByRole("img", { name: "Ticket.pdf uploaded" })).toBeTruthy();
    expect(screen.getByRole("status", { name: "Uploading Passport.png" })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Open Ticket.pdf" })).toBeTruthy();

    const passport = aDocument({ name: "Passport.png", mimeType: "image/png", type: "image" });
    lists["g-ana"] = [passport, ticket];
    act(() => held.release("Passport.png", passport));
    expect(await screen.findByRole("link", { name: "Open Passport.png" })).toBeTruthy();
    const grid = screen.getByRole("list", { name: "Ana Lima: documents" });
    expect(
      within(grid)
        .getAllByRole("listitem")
        .map((card) => card.querySelector("p")!.textContent),
    ).toEqual(["Passport.png", "Ticket.pdf"]);
    await waitFor(() => expect(uploads()).toBeNull(), { timeout: UPLOAD_TICK_MS + 1000 });
  });

  it("refuses a .docx before sending it, naming it, and still sends the PDF that came with it", async () => {
    rsvpList([]);
    documentLists({});
    const held = heldUploads("/api/documents/event/ev1/common");
    renderTab();
    await screen.findByText(/No common documents yet/);

    drop([
      new File(["PK"], "notes.docx", { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" }),
      pdf("Programme.pdf"),
    ]);
    expect((await screen.findByText(/was not uploaded/)).closest("li")!.textContent).toBe(
      "notes.docx was not uploaded. Only JPEG, PNG and PDF files can be uploaded",
    );
    await waitFor(() => expect(held.received).toEqual([{ names: ["Programme.pdf"] }]));
    expect(within(uploads()!).getAllByRole("listitem")).toHaveLength(1);
  });

  it("sends nothing when every file is refused", async () => {
    rsvpList([]);
    documentLists({});
    const held = heldUploads("/api/documents/event/ev1/common");
    renderTab();
    await screen.findByText(/No common documents yet/);
    drop([new File(["GIF89a"], "cat.gif", { type: "image/gif" })]);
    expect(await screen.findByText(/cat\.gif/)).toBeTruthy();
    expect(held.received).toEqual([]);
    expect(uploads()).toBeNull();
  });

  it("uploads files chosen with the picker to the common documents", async () => {
    rsvpList([]);
    const lists: Record<string, DocumentView[]> = {};
    documentLists(lists);
    const held = heldUploads("/api/documents/event/ev1/common");
    renderTab();
    await screen.findByText(/No common documents yet/);
    const picker = screen.getByLabelText<HTMLInputElement>("Document files");
    expect(picker.accept).toBe(".jpeg,.jpg,.png,.pdf");
    expect(picker.multiple).toBe(true);

    fireEvent.change(picker, { target: { files: [pdf("Map.pdf")] } });
    await waitFor(() => expect(held.waitingFor()).toEqual(["Map.pdf"]));
    const map = aDocument({ name: "Map.pdf" });
    lists.common = [map];
    act(() => held.release("Map.pdf", map));
    expect(await screen.findByRole("link", { name: "Open Map.pdf" })).toBeTruthy();
  });

  it("shows the server's refusal on that file's row for 2.5 s, and leaves the other files alone", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    rsvpList([]);
    const lists: Record<string, DocumentView[]> = {};
    documentLists(lists);
    server.use(
      http.post<PathParams, never, DocumentView[] | ErrorBody>("/api/documents/event/ev1/common", async ({ request }) => {
        const file = (await request.formData()).get("files") as File;
        if (file.name === "page.pdf") return refuse(400, "Only JPEG, PNG and PDF files can be uploaded");
        const doc = aDocument({ name: file.name });
        lists.common = [doc];
        return HttpResponse.json([doc], { status: 201 });
      }),
    );
    renderTab();
    await screen.findByText(/No common documents yet/);

    drop([pdf("page.pdf"), pdf("Real.pdf")]);
    const row = (await within(await screen.findByRole("list", { name: "Uploads" })).findByRole("alert")).closest("li")!;
    expect(within(row).getByRole("alert").textContent).toBe("page.pdf could not be uploaded. Only JPEG, PNG and PDF files can be uploaded");
    expect(await screen.findByRole("link", { name: "Open Real.pdf" })).toBeTruthy();

    act(() => vi.advanceTimersByTime(UPLOAD_ERROR_MS - 100));
    expect(row.isConnected).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(row.isConnected).toBe(false);
  });

  it("sends the type chosen for the files (then forgets it), and asks what kind of document an 'Other' is before sending it", async () => {
    rsvpList([]);
    documentLists({});
    const held = heldUploads("/api/documents/event/ev1/common");
    renderTab();
    await screen.findByText(/No common documents yet/);
    const type = screen.getByRole("combobox", { name: "Document type" });

    fireEvent.change(type, { target: { value: "boarding_pass" } });
    drop([pdf("BA123.pdf")]);
    await waitFor(() => expect(held.received).toEqual([{ names: ["BA123.pdf"], type: "boarding_pass" }]));
    expect((type as HTMLSelectElement).value).toBe("");

    fireEvent.change(type, { target: { value: "other" } });
    drop([pdf("Card.pdf")]);
    expect(await screen.findByText("Say what kind of document it is")).toBeTruthy();
    expect(held.received).toHaveLength(1);

    fireEvent.change(screen.getByRole("textbox", { name: "What kind of document?" }), { target: { value: " Vaccination card " } });
    drop([pdf("Card.pdf")]);
    await waitFor(() => expect(held.received).toHaveLength(2));
    expect(held.received[1]).toEqual({ names: ["Card.pdf"], type: "other", otherDocumentType: "Vaccination card" });
  });

  it("sends no type when the files are to be named by what they are", async () => {
    rsvpList([]);
    documentLists({});
    const held = heldUploads("/api/documents/event/ev1/common");
    renderTab();
    await screen.findByText(/No common documents yet/);
    expect((screen.getByRole("combobox", { name: "Document type" }) as HTMLSelectElement).value).toBe("");
    drop([pdf("Plain.pdf")]);
    await waitFor(() => expect(held.received).toEqual([{ names: ["Plain.pdf"] }]));
  });

  it("offline, 'Choose files' is disabled with 'Needs a connection', and a drop sends nothing", async () => {
    rsvpList([]);
    documentLists({});
    const held = heldUploads("/api/documents/event/ev1/common");
    renderTab();
    await screen.findByText(/No common documents yet/);
    act(() => onlineManager.setOnline(false));
    try {
      const choose = screen.getByRole("button", { name: "Choose files" });
      expect([choose.matches(":disabled"), choose.getAttribute("title")]).toEqual([true, "Needs a connection"]);
      expect(document.getElementById(choose.getAttribute("aria-describedby")!)?.textContent).toBe("Needs a connection");
      drop([pdf("Plain.pdf")]);
      expect(held.received).toEqual([]);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });
});
