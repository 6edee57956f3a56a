import { describe, expect, it } from "vitest";
import { FEED_MESSAGES } from "@worker/features/feed/feed.schema";
import { fileKind, MEDIA_ACCEPT, mediaProblem } from "./media-rules";

const MB = 1024 * 1024;
const picked = (name: string, type: string, size = 1024) => {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
};

describe("a picked file's media rules", () => {
  it.each([
    ["a .mov", "clip.MOV", "video"],
    ["a .webm", "clip.webm", "video"],
    ["a .jpg", "photo.jpg", "image"],
  ])("lets %s through when the browser gives it no type, by its extension", (_, name, kind) => {
    expect(fileKind(picked(name, ""))).toBe(kind);
    expect(mediaProblem(picked(name, ""))).toBeNull();
  });

  it("lets a file with neither a type nor an extension through, for the server to type by its bytes", () => {
    expect(fileKind(picked("IMG_0042", ""))).toBe("unknown");
    expect(mediaProblem(picked("IMG_0042", ""))).toBeNull();
  });

  it(`refuses with '${FEED_MESSAGES.wrongMedia}' a file with no type whose extension is not a photo's or a video's`, () => {
    expect(mediaProblem(picked("notes.txt", ""))).toBe(FEED_MESSAGES.wrongMedia);
  });

  it(`still refuses a known wrong type with '${FEED_MESSAGES.wrongMedia}', whatever its name`, () => {
    expect(mediaProblem(picked("clip.mov", "application/pdf"))).toBe(FEED_MESSAGES.wrongMedia);
  });

  it("holds a typeless video to the video limit, and a file of unknown kind too", () => {
    expect(mediaProblem(picked("clip.mov", "", 50 * MB))).toBeNull();
    expect(mediaProblem(picked("clip.mov", "", 100 * MB + 1))).toBe(FEED_MESSAGES.videoTooLarge);
    expect(mediaProblem(picked("IMG_0042", "", 100 * MB + 1))).toBe(FEED_MESSAGES.videoTooLarge);
    expect(mediaProblem(picked("photo.jpg", "", 10 * MB + 1))).toBe(FEED_MESSAGES.imageTooLarge);
  });

  it("offers the extensions in the file picker as well as the types", () => {
    expect(MEDIA_ACCEPT.split(",")).toEqual(expect.arrayContaining(["video/quicktime", ".mov", ".webm", ".jpg"]));
  });
});
