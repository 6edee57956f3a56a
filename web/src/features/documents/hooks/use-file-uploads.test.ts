import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UPLOAD_ERROR_MS, UPLOAD_TICK_MS } from "@web/components/ui/upload-status";
import { ApiError } from "@web/lib/api-client";
import type { DocumentKind } from "../api/upload-document";
import { PARALLEL_UPLOADS, useFileUploads } from "./use-file-uploads";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A send whose calls the test drives: progress, success and failure per file. */
function controlledSend() {
  const calls = new Map<string, { progress: (p: number) => void; resolve: () => void; reject: (e: unknown) => void }>();
  const send = vi.fn(
    ({ file }: { owner: string; file: File; kind: DocumentKind | null }, progress: (p: number) => void) =>
      new Promise<unknown>((resolve, reject) => calls.set(file.name, { progress, resolve: () => resolve(undefined), reject })),
  );
  return { send, call: (name: string) => calls.get(name)! };
}

const files = (...names: string[]) => names.map((name) => new File(["x"], name, { type: "application/pdf" }));
const rows = (result: { current: ReturnType<typeof useFileUploads> }) =>
  result.current.uploads.map(({ name, status, percent, error }) => ({ name, status, percent, error }));

describe("useFileUploads (spec 2 §4 upload status)", () => {
  it("follows each file's own progress", async () => {
    const { send, call } = controlledSend();
    const { result } = renderHook(() => useFileUploads(send));
    act(() => result.current.start("common", files("a.pdf", "b.pdf")));
    act(() => {
      call("a.pdf").progress(40);
      call("b.pdf").progress(75);
    });
    expect(rows(result)).toEqual([
      { name: "a.pdf", status: "uploading", percent: 40, error: null },
      { name: "b.pdf", status: "uploading", percent: 75, error: null },
    ]);
    expect(send.mock.calls.map(([job]) => [job.owner, job.file.name, job.kind])).toEqual([
      ["common", "a.pdf", null],
      ["common", "b.pdf", null],
    ]);
  });

  it(`sends at most ${PARALLEL_UPLOADS} at once; the next starts when one ends`, async () => {
    const { send, call } = controlledSend();
    const { result } = renderHook(() => useFileUploads(send));
    act(() => result.current.start("g1", files("a.pdf", "b.pdf", "c.pdf"), { type: "boarding_pass" }));
    expect(send).toHaveBeenCalledTimes(2);
    expect(rows(result).map((r) => r.status)).toEqual(["uploading", "uploading", "waiting"]);
    await act(async () => call("a.pdf").resolve());
    expect(send).toHaveBeenCalledTimes(3);
    expect(send.mock.calls[2]![0]).toMatchObject({ owner: "g1", kind: { type: "boarding_pass" } });
    expect(rows(result).map((r) => r.status)).toEqual(["done", "uploading", "uploading"]);
  });

  it("shows a tick for 700 ms after a file is uploaded, then drops its row", async () => {
    const { send, call } = controlledSend();
    const { result } = renderHook(() => useFileUploads(send));
    act(() => result.current.start("common", files("a.pdf")));
    await act(async () => call("a.pdf").resolve());
    expect(rows(result)).toEqual([{ name: "a.pdf", status: "done", percent: 100, error: null }]);
    act(() => vi.advanceTimersByTime(UPLOAD_TICK_MS - 1));
    expect(rows(result)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(rows(result)).toEqual([]);
  });

  it("shows a failure with the server's message for 2.5 s, then drops its row", async () => {
    const { send, call } = controlledSend();
    const { result } = renderHook(() => useFileUploads(send));
    act(() => result.current.start("common", files("a.pdf")));
    await act(async () => call("a.pdf").reject(new ApiError("Each file must be 20 MB or smaller", 413, undefined, true)));
    expect(rows(result)).toEqual([{ name: "a.pdf", status: "error", percent: 0, error: "Each file must be 20 MB or smaller" }]);
    act(() => vi.advanceTimersByTime(UPLOAD_ERROR_MS - 1));
    expect(rows(result)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(rows(result)).toEqual([]);
  });

  it("says 'Network Connection Timeout' when the connection fails", async () => {
    const { send, call } = controlledSend();
    const { result } = renderHook(() => useFileUploads(send));
    act(() => result.current.start("common", files("a.pdf")));
    await act(async () => call("a.pdf").reject(new ApiError("Network Error", 0, "ERR_NETWORK")));
    expect(rows(result)[0]?.error).toBe("Network Connection Timeout");
  });
});
