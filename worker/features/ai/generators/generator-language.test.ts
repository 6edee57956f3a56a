import { describe, expect, it } from "vitest";
import type { GenerationInput } from "./generator";
import { offlineGenerator } from "./offline-generator";

// The words a generator writes itself (a day's name, the plan's sentences) are in the experience's language; the
// organiser's own (the topics, the place, a document's names) stay as written.

const generate = (fields: Partial<GenerationInput>) =>
  offlineGenerator.generate(
    { prompt: "", startDate: "2026-03-11", days: 2, documentText: null, timeZone: "UTC", language: "en", ...fields },
    new AbortController().signal,
  );

describe("the offline generator in the experience's language", () => {
  it("plans a German experience's day in German, with the prompt's place and topics", async () => {
    const [day] = await generate({ prompt: "in Lisboa: Fliesen, Fado, Meeresfrüchte", language: "de" });
    expect(day!.name).toBe("Tag 1: Fliesen und fado");
    expect(day!.activities.map((a) => [a.name, a.description])).toEqual([
      ["Fliesen in Lisboa", "Ein Vormittag in Lisboa: fliesen."],
      ["Mittagessen in Lisboa", "Mittagessen in einem beliebten Lokal in Lisboa."],
      ["Fado in Lisboa", "Ein Nachmittag in Lisboa: fado."],
      ["Abend: meeresfrüchte", "Abendessen und ein Abend in Lisboa: meeresfrüchte."],
    ]);
  });

  it("plans a Japanese experience from its generic topics in Japanese when the prompt names none", async () => {
    const [day] = await generate({ prompt: "a trip", language: "ja" });
    expect(day!.name).toBe("1日目：旧市街と地元の料理");
    expect(day!.activities.map((a) => a.name)).toEqual(["旧市街", "ランチ", "地元の料理", "夜：博物館"]);
  });

  it("names a day and an activity a document leaves unnamed in the experience's language (Arabic)", async () => {
    const days = await generate({ documentText: "Day 1\n09:00 – 10:00\n10:00 Museu do Azulejo", language: "ar" });
    expect(days.map((d) => d.name)).toEqual(["Day 1", "اليوم 2"]);
    expect(days[0]!.activities.map((a) => a.name)).toEqual(["نشاط", "Museu do Azulejo"]);
  });
});
