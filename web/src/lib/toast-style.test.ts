import { describe, expect, it } from "vitest";

// Toasts the spec does not word are written in one style (docs/web-and-accessibility.md): sentence case, no exclamation
// mark, and no trailing period unless there are two sentences. The spec's own keep its words exactly.

const sources = import.meta.glob<string>(["/web/src/**/*.{ts,tsx}", "!/web/src/**/*.test.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
});
/** The toasts spec 1 and spec 2 word themselves, which keep their words (capitals and all). */
const SPEC_WORDED = ["Experience Created", "Profile Updated", "Invitations Sent!", "Reminder Sent To Pending RSVPs!"];

/**
 * Every text a toast call writes literally: `toast.success("…")` or, worded from the catalog, `toast.success(i18n._("…"))`
 * (the English source), its template's fixed parts with '…' for the rest.
 */
function toastTexts(source: string): string[] {
  const calls = source.matchAll(/toast\.(?:success|error)\(\s*(?:i18n\._\(\s*)?("(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)/g);
  return [...calls].map(([, literal]) => literal!.slice(1, -1).replace(/\$\{[^}]*\}/g, "…"));
}

const isTitleCase = (text: string) => {
  const words = text.split(/\s+/).filter((word) => /^[A-Za-z]{4,}/.test(word));
  return words.length >= 2 && words.every((word) => /^[A-Z]/.test(word));
};

const styleProblem = (text: string) => {
  if (text.includes("!")) return "an exclamation mark";
  if (isTitleCase(text)) return "Title Case";
  if (/\.$/.test(text) && !/\.\s/.test(text)) return "a trailing period on one sentence";
  return null;
};

describe("the toasts' words", () => {
  it("are sentence case, without '!', and end without a period unless there are two sentences, except the spec's own", () => {
    const texts = Object.entries(sources).flatMap(([file, source]) => toastTexts(source).map((text) => ({ file, text })));
    expect(texts.length).toBeGreaterThan(20);
    const problems = texts
      .filter(({ text }) => !SPEC_WORDED.includes(text))
      .map(({ file, text }) => ({ file, text, problem: styleProblem(text) }))
      .filter(({ problem }) => problem !== null);
    expect(problems).toEqual([]);
  });
});
