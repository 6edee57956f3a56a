import { afterEach, describe, expect, it } from "vitest";
import { readIn } from "@web/test/words";
import { formatSize } from "./saved-files";

describe("formatSize", () => {
  afterEach(() => readIn("en"));

  it("says '4.2 MB', '12 kB' and '512 B' in English", () => {
    expect(formatSize(4_200_000)).toBe("4.2 MB");
    expect(formatSize(12_300)).toBe("12 kB");
    expect(formatSize(4_200)).toBe("4.2 kB");
    expect(formatSize(512)).toBe("512 B");
  });

  it("writes the number as the page's language does", async () => {
    await readIn("de");
    expect(formatSize(4_200_000)).toContain("4,2");
  });
});
