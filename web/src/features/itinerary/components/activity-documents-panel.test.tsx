import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Activity } from "../../../lib/types";
import type { EventDocument } from "../api/pickers";
import { anActivity } from "../../../test/fixtures";
import { ActivityDocumentsPanel } from "./activity-documents-panel";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, "invalidateQueries");
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), invalidate };
}

const doc = (id: string, name: string, mimeType = "application/pdf"): EventDocument => ({
  id,
  type: "other",
  mimeType,
  name,
  document: { original: `https://files.test/${id}` },
  thirdPartyUploader: { firstName: "Maya", lastName: "Host" },
  createdAt: "2026-01-01T00:00:00.000Z",
});

const activity = (documents: string[]): Activity => anActivity({ id: "act1", documents });

type Call = { method: string; path: string; body: BodyInit | null | undefined };

function server(common: EventDocument[], uploaded: EventDocument[] = []) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const path = new URL(String(input), "http://test").pathname;
    const method = init?.method ?? "GET";
    calls.push({ method, path, body: init?.body });
    if (method === "GET" && path === "/api/documents/event/ev1/user/common") return json(common);
    if (method === "POST" && path === "/api/documents/event/ev1/common") {
      common = [...common, ...uploaded];
      return json(uploaded, 201);
    }
    if (method === "PUT" && path === "/api/events/ev1/programs/day1/activity/act1") return json(activity(JSON.parse(String(init!.body)).documents));
    if (method === "DELETE" && path.startsWith("/api/documents/")) return json({ success: true });
    return json({ error: "unexpected" }, 404);
  });
  return calls;
}

describe("ActivityDocumentsPanel", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the activity's documents from the common list", async () => {
    server([doc("d1", "Tickets.pdf"), doc("d2", "Map.png", "image/png"), doc("d3", "Other.pdf")]);
    wrap(<ActivityDocumentsPanel eventId="ev1" activity={activity(["d1", "d2"])} canEdit={false} onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: "Activity Documents" })).toBeTruthy();
    expect(await screen.findByText("Tickets.pdf")).toBeTruthy();
    expect(screen.getByText("Map.png")).toBeTruthy();
    expect(screen.queryByText("Other.pdf")).toBeNull();
    expect(screen.getByRole("img", { name: "PDF" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Image" })).toBeTruthy();
    expect(screen.getAllByText("Uploaded by Maya Host")).toHaveLength(2);
    const open = screen.getByRole("link", { name: "Open Tickets.pdf" });
    expect(open.getAttribute("href")).toBe("https://files.test/d1");
    expect(open.getAttribute("target")).toBe("_blank");
    expect(screen.queryByText("Drop files here")).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
  });

  it("shows the empty state", async () => {
    server([doc("d3", "Other.pdf")]);
    wrap(<ActivityDocumentsPanel eventId="ev1" activity={activity([])} canEdit onClose={() => {}} />);
    expect(await screen.findByText("No documents attached to this activity yet.")).toBeTruthy();
    expect(screen.getByText("Drop files here")).toBeTruthy();
  });

  it("uploads as common documents, then sends the union of old and new ids", async () => {
    const calls = server([doc("d1", "Tickets.pdf")], [doc("d2", "Map.png", "image/png"), doc("d3", "Plan.pdf")]);
    const onChanged = vi.fn();
    const { invalidate } = wrap(<ActivityDocumentsPanel eventId="ev1" activity={activity(["d1"])} canEdit onClose={() => {}} onChanged={onChanged} />);
    await screen.findByText("Tickets.pdf");
    const files = [new File(["png"], "Map.png", { type: "image/png" }), new File(["pdf"], "Plan.pdf", { type: "application/pdf" })];
    fireEvent.change(screen.getByLabelText("Document files"), { target: { files } });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());

    const post = calls.find((c) => c.method === "POST")!;
    expect((post.body as FormData).getAll("files").map((f) => (f as File).name)).toEqual(["Map.png", "Plan.pdf"]);
    const put = calls.find((c) => c.method === "PUT")!;
    expect(JSON.parse(String(put.body))).toEqual({ documents: ["d1", "d2", "d3"] });
    expect(calls.indexOf(post)).toBeLessThan(calls.indexOf(put));
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ documents: ["d1", "d2", "d3"] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["documents", "ev1"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["event", "ev1"] });
    expect(await screen.findByText("Plan.pdf")).toBeTruthy();
  });

  it("accepts dropped files and ignores other types", async () => {
    const calls = server([], [doc("d9", "a.pdf")]);
    wrap(<ActivityDocumentsPanel eventId="ev1" activity={activity([])} canEdit onClose={() => {}} />);
    const zone = screen.getByTestId("document-drop-zone");
    fireEvent.drop(zone, { dataTransfer: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    expect(await screen.findByText("Only JPEG, PNG and PDF files can be uploaded")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.drop(zone, { dataTransfer: { files: [new File(["x"], "a.pdf", { type: "application/pdf" })] } });
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
  });

  it("asks before deleting, then deletes and removes the id from the activity", async () => {
    const calls = server([doc("d1", "Tickets.pdf"), doc("d2", "Map.png", "image/png")]);
    const onChanged = vi.fn();
    wrap(<ActivityDocumentsPanel eventId="ev1" activity={activity(["d1", "d2"])} canEdit onClose={() => {}} onChanged={onChanged} />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Tickets.pdf" }));
    expect(screen.getByText("Are you sure you want to delete this document?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "DELETE")!.path).toBe("/api/documents/d1");
    expect(JSON.parse(String(calls.find((c) => c.method === "PUT")!.body))).toEqual({ documents: ["d2"] });
    await waitFor(() => expect(screen.queryByText("Tickets.pdf")).toBeNull());
    expect(screen.queryByText("Are you sure you want to delete this document?")).toBeNull();
  });
});
