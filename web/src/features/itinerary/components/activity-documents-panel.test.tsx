import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import type { ReactNode } from "react";
import { describe, expect, it, vi, afterEach } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import { anActivity, aDay, anExperience } from "@web/test/fixtures";
import { server, refuse } from "@web/test/server";
import type { DocumentView } from "@worker/features/documents/documents.schema";
import type { UpdateActivityInput } from "@worker/features/experiences/activities.schema";
import type { ActivityView, DayView } from "@worker/shared/itinerary.schema";
import { ActivityDocumentsPanel } from "./activity-documents-panel";
import { ItineraryEditor } from "./itinerary-editor";
import { LinkifiedText } from "./linkified-text";

afterEach(() => vi.restoreAllMocks());

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, "invalidateQueries");
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), invalidate };
}

const doc = (id: string, name: string, mimeType = "application/pdf"): DocumentView => ({
  id,
  type: "other",
  otherDocumentType: null,
  mimeType,
  name,
  document: { original: `https://files.test/${id}` },
  thirdPartyUploader: { firstName: "Maya", lastName: "Host" },
  createdAt: "2026-01-01T00:00:00.000Z",
});

const activity = (documents: string[]): ActivityView => anActivity({ id: "act1", documents });

/** A call the panel made: the uploaded file names of a POST, the JSON of a PUT. */
type Call = { method: string; path: string; files?: string[]; json?: UpdateActivityInput };

/** The experience's common documents, and what an upload adds to them; every call is recorded in order. */
function answer(common: DocumentView[], uploaded: DocumentView[] = []) {
  const calls: Call[] = [];
  server.use(
    http.get<PathParams, never, DocumentView[]>("/api/documents/event/ev1/user/common", ({ request }) => {
      calls.push({ method: "GET", path: new URL(request.url).pathname });
      return HttpResponse.json(common);
    }),
    http.post<PathParams, never, DocumentView[]>("/api/documents/event/ev1/common", async ({ request }) => {
      const files = (await request.formData()).getAll("files").map((file) => (file as File).name);
      calls.push({ method: "POST", path: new URL(request.url).pathname, files });
      common = [...common, ...uploaded];
      return HttpResponse.json(uploaded, { status: 201 });
    }),
    http.put<PathParams, UpdateActivityInput, ActivityView>("/api/events/ev1/programs/day1/activity/act1", async ({ request }) => {
      const json = await request.json();
      calls.push({ method: "PUT", path: new URL(request.url).pathname, json });
      return HttpResponse.json(activity(json.documents ?? []));
    }),
    http.delete<{ documentId: string }, never, { success: true }>("/api/documents/:documentId", ({ request }) => {
      calls.push({ method: "DELETE", path: new URL(request.url).pathname });
      return HttpResponse.json({ success: true });
    }),
  );
  return calls;
}

describe("ActivityDocumentsPanel", () => {
  it("lists the activity's documents from the common list", async () => {
    answer([doc("d1", "Tickets.pdf"), doc("d2", "Map.png", "image/png"), doc("d3", "Other.pdf")]);
    wrap(<ActivityDocumentsPanel eventId="ev1" activity={activity(["d1", "d2"])} canEdit={false} onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: "Activity Documents" })).toBeTruthy();
    expect(await screen.findByText("Tickets.pdf")).toBeTruthy();
    expect(screen.getByText("Map.png")).toBeTruthy();
    expect(screen.queryByText("Other.pdf")).toBeNull();
    expect(screen.getByRole("img", { name: "PDF" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Image" })).toBeTruthy();
    // The uploader's name is bidi-isolated inside the sentence.
    const uploaders = screen.getAllByText("Maya Host");
    expect(uploaders).toHaveLength(2);
    expect(uploaders.map((name) => [name.tagName, name.parentElement?.textContent])).toEqual([
      ["BDI", "Uploaded by Maya Host"],
      ["BDI", "Uploaded by Maya Host"],
    ]);
    const open = screen.getByRole("link", { name: "Open Tickets.pdf" });
    expect(open.getAttribute("href")).toBe("https://files.test/d1");
    expect(open.getAttribute("target")).toBe("_blank");
    expect(screen.queryByText("Drop files here")).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
  });

  it("shows the empty state", async () => {
    answer([doc("d3", "Other.pdf")]);
    wrap(<ActivityDocumentsPanel eventId="ev1" activity={activity([])} canEdit onClose={() => {}} />);
    expect(await screen.findByText("No documents attached to this activity yet.")).toBeTruthy();
    expect(screen.getByText("Drop files here")).toBeTruthy();
  });

  it("uploads as common documents, then sends the union of old and new ids", async () => {
    const calls = answer([doc("d1", "Tickets.pdf")], [doc("d2", "Map.png", "image/png"), doc("d3", "Plan.pdf")]);
    const onChanged = vi.fn();
    const { invalidate } = wrap(
      <ActivityDocumentsPanel eventId="ev1" activity={activity(["d1"])} canEdit onClose={() => {}} onChanged={onChanged} />,
    );
    await screen.findByText("Tickets.pdf");
    const files = [new File(["png"], "Map.png", { type: "image/png" }), new File(["pdf"], "Plan.pdf", { type: "application/pdf" })];
    fireEvent.change(screen.getByLabelText("Document files"), { target: { files } });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());

    const post = calls.find((c) => c.method === "POST")!;
    expect(post.files).toEqual(["Map.png", "Plan.pdf"]);
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.json).toEqual({ documents: ["d1", "d2", "d3"] });
    expect(calls.indexOf(post)).toBeLessThan(calls.indexOf(put));
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ documents: ["d1", "d2", "d3"] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["documents", "ev1"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["event", "ev1"] });
    expect(await screen.findByText("Plan.pdf")).toBeTruthy();
  });

  it("accepts dropped files and ignores other types", async () => {
    const calls = answer([], [doc("d9", "a.pdf")]);
    wrap(<ActivityDocumentsPanel eventId="ev1" activity={activity([])} canEdit onClose={() => {}} />);
    const zone = screen.getByTestId("document-drop-zone");
    fireEvent.drop(zone, { dataTransfer: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    expect(await screen.findByText("Only JPEG, PNG and PDF files can be uploaded")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.drop(zone, { dataTransfer: { files: [new File(["x"], "a.pdf", { type: "application/pdf" })] } });
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
  });

  it("asks before deleting, then deletes and removes the id from the activity", async () => {
    const calls = answer([doc("d1", "Tickets.pdf"), doc("d2", "Map.png", "image/png")]);
    const onChanged = vi.fn();
    wrap(<ActivityDocumentsPanel eventId="ev1" activity={activity(["d1", "d2"])} canEdit onClose={() => {}} onChanged={onChanged} />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Tickets.pdf" }));
    expect(screen.getByText("Are you sure you want to delete this document?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "DELETE")!.path).toBe("/api/documents/d1");
    expect(calls.find((c) => c.method === "PUT")!.json).toEqual({ documents: ["d2"] });
    await waitFor(() => expect(screen.queryByText("Tickets.pdf")).toBeNull());
    expect(screen.queryByText("Are you sure you want to delete this document?")).toBeNull();
  });
});

const threeDays = [0, 1, 2].map((i) => aDay({ id: `d${i + 1}`, dayIndex: i, date: `2027-03-${12 + i}`, name: `Day ${i + 1}` }));

function renderEditor(programs: DayView[] = threeDays) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ItineraryEditor event={anExperience({ programs })} manage />
      <Toaster />
    </QueryClientProvider>,
  );
}

const daysPane = () => screen.getByRole("region", { name: "Days" });

describe("Add day (manage mode)", () => {
  it("adds the next day after the last one and says 'Day added successfully'", async () => {
    let calls = 0;
    server.use(
      http.post<PathParams, never, DayView>("/api/events/ev1/programs", () => {
        calls++;
        return HttpResponse.json(aDay({ id: "d4", dayIndex: 3, date: "2027-03-15", name: "Day 4" }), { status: 201 });
      }),
    );
    renderEditor();
    fireEvent.click(within(daysPane()).getByRole("button", { name: "Add day" }));
    expect(await screen.findByText("Day added successfully")).toBeTruthy();
    expect(calls).toBe(1);
  });

  it("shows the server's reason when the day would be more than a year ahead", async () => {
    server.use(http.post("/api/events/ev1/programs", () => refuse(400, "Experience date range is at most 1 year ahead")));
    renderEditor();
    fireEvent.click(within(daysPane()).getByRole("button", { name: "Add day" }));
    expect(await screen.findByText("Experience date range is at most 1 year ahead")).toBeTruthy();
  });
});

describe("day controls", () => {
  it("names Copy and Delete after their day, and offers no Delete for an experience's only day", () => {
    renderEditor([threeDays[0]!]);
    expect(within(daysPane()).getByRole("button", { name: "Copy Day 1" })).toBeTruthy();
    expect(within(daysPane()).queryByRole("button", { name: "Delete Day 1" })).toBeNull();
  });

  it("saves an emptied day subtitle as empty and confirms with 'Day updated successfully'", async () => {
    const sent: unknown[] = [];
    server.use(
      http.put<PathParams, Record<string, unknown>, DayView>("/api/events/ev1/programs/day1", async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(aDay({ subtitle: "" }));
      }),
    );
    renderEditor([aDay({ subtitle: "Old town" })]);
    const subtitle = screen.getByLabelText("Day subtitle");
    fireEvent.change(subtitle, { target: { value: "" } });
    fireEvent.blur(subtitle);
    expect(await screen.findByText("Day updated successfully")).toBeTruthy();
    expect(sent).toEqual([{ subtitle: "" }]);
  });
});

describe("reorder mode is the day list itself", () => {
  it("turns the list into draggable days with Move up and Move down, and saves the new order", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post<PathParams, { programIds: string[] }, DayView[]>("/api/events/ev1/programs/reorder", async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(threeDays);
      }),
    );
    renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Reorder days" }));
    const list = await within(daysPane()).findByRole("list", { name: "Days in their new order" });
    expect(within(list).getAllByRole("button", { name: /^Drag Day/ })).toHaveLength(3);
    expect(within(daysPane()).queryByRole("button", { name: "Add day" })).toBeNull();

    const up = within(list).getByRole("button", { name: "Move Day 2 up" });
    up.focus();
    fireEvent.click(up);
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining("Day 2"), expect.stringContaining("Day 1"), expect.stringContaining("Day 3")]);
    // Day 2 reached the top: focus moves to its other arrow instead of a disabled one.
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Move Day 2 down" }));
    expect(screen.getByText("\u2068Day 2\u2069 moved to position 1 of 3.").getAttribute("role")).toBe("status");
    // The places keep their dates: the first place is still 12 March.
    expect(within(list).getAllByRole("listitem")[0]!.textContent).toContain("Day 1 · Fri, Mar 12");

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Day order updated")).toBeTruthy();
    expect(sent).toEqual([{ programIds: ["d2", "d1", "d3"] }]);
    await waitFor(() => expect(within(daysPane()).queryByRole("list", { name: "Days in their new order" })).toBeNull());
  });
});

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
