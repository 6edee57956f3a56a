import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import type { UpdateActivityInput } from "@worker/features/activities/activities.schema";
import type { DocumentView } from "@worker/features/documents/documents.schema";
import type { ActivityView } from "@worker/features/itinerary/itinerary.schema";
import { anActivity } from "@web/test/fixtures";
import { server } from "@web/test/server";
import { ActivityDocumentsPanel } from "./activity-documents-panel";

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
