import type { Messages } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { readIn } from "@web/test/words";
import { activateLanguage, i18n, registerWords, withWords } from "./i18n";

/** A feature's catalog whose download ends when the test says (at once if it was asked for later). */
function slowCatalog(messages: Messages) {
  type Outcome = "arrives" | "fails";
  let outcome: Outcome | undefined;
  let settle: ((outcome: Outcome) => void) | undefined;
  const load = () =>
    new Promise<{ messages: Messages }>((resolve, reject) => {
      settle = (end) => (end === "arrives" ? resolve({ messages }) : reject(new Error("offline")));
      if (outcome) settle(outcome);
    });
  const end = (next: Outcome) => {
    outcome = next;
    settle?.(next);
  };
  return { load, arrive: () => end("arrives"), fail: () => end("fails") };
}

/** A module of `feature` that the build made register its words, as a dynamic import brings it. */
const importModule = (feature: string, catalogs: Record<string, () => Promise<{ messages: Messages }>>) =>
  withWords(
    Promise.resolve().then(() => {
      registerWords(feature, catalogs);
      return { loaded: feature };
    }),
  );

const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 10));
  return settled;
};

describe("a feature's words, loaded with its code", () => {
  it("a lazily imported module resolves only once its feature's words are in the page's language", async () => {
    await readIn("de");
    const german = slowCatalog({ "Words test: hello": ["Hallo"] });
    const module = importModule("words-test-a", { "/src/features/words-test-a/locales/de.ts": german.load });

    expect(await settledYet(module)).toBe(false);
    german.arrive();
    expect(await module).toEqual({ loaded: "words-test-a" });
    expect(i18n._("Words test: hello")).toBe("Hallo");
  });

  it("a change of language loads the new language's words of every feature loaded so far", async () => {
    await readIn("de");
    const german = slowCatalog({ "Words test: goodbye": ["Tschüss"] });
    const japanese = slowCatalog({ "Words test: goodbye": ["さようなら"] });
    const module = importModule("words-test-c", {
      "/src/features/words-test-c/locales/de.ts": german.load,
      "/src/features/words-test-c/locales/ja.ts": japanese.load,
    });
    german.arrive();
    await module;

    const switched = activateLanguage("ja");
    await Promise.resolve();
    japanese.arrive();
    await switched;
    expect(i18n._("Words test: goodbye")).toBe("さようなら");
  });

  it("a module of a feature without words in the page's language resolves at once", async () => {
    await readIn("en");
    expect(await importModule("words-test-d", {})).toEqual({ loaded: "words-test-d" });
  });

  it("a catalog that cannot be fetched fails the import, as a missing chunk does", async () => {
    await readIn("de");
    const german = slowCatalog({});
    const module = importModule("words-test-b", { "/src/features/words-test-b/locales/de.ts": german.load });
    german.fail();

    await expect(module).rejects.toThrow("offline");
  });
});
