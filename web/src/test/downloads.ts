import { vi } from "vitest";

// jsdom saves no files: the exports' tests stand in for the browser's download (web/src/lib/download-file.ts).

/** Catches every download from now on: the blob URL made, and the names the links save under, in order. */
export function catchDownloads(): string[] {
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => "blob:export");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
