import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { shareCardSvg } from "./card-svg";
import { fontsForText, renderPng } from "./render-png";
import { fontsFor } from "./script-fonts";

// The fonts are static assets the build writes (vite.config.ts): `npm test` builds before the Worker tests run.
describe("the share card in every script", () => {
  it("needs no font beyond Inter for Latin, Cyrillic and Greek names", () => {
    expect(fontsFor("Lisboa Лиссабон Αθήνα Zürich")).toEqual([]);
  });

  it("reads the Japanese and emoji fonts for 東京サミット 🎉, and draws its name with them, not with empty boxes", async () => {
    const title = "東京サミット 🎉";
    expect(fontsFor(title).map((font) => font.file)).toEqual(["/fonts/NotoSansJP-Bold.ttf", "/fonts/NotoEmoji-Bold.ttf"]);
    const fonts = await fontsForText(env.ASSETS, title);
    expect(fonts).toHaveLength(2);
    const svg = shareCardSvg(title, "Mar 12 – 14, 2027");
    const withFonts = await renderPng(svg, undefined, fonts);
    const interAlone = await renderPng(svg);
    expect(Buffer.from(withFonts).equals(Buffer.from(interAlone))).toBe(false);
  });

  it("finds a font for Arabic, Hebrew, Thai, Devanagari and Korean names", () => {
    for (const [name, file] of [
      ["قمة طوكيو", "/fonts/NotoSansArabic-Bold.ttf"],
      ["כנס תל אביב", "/fonts/NotoSansHebrew-Bold.ttf"],
      ["งานประชุม", "/fonts/NotoSansThai-Bold.ttf"],
      ["दिल्ली सम्मेलन", "/fonts/NotoSansDevanagari-Bold.ttf"],
      ["서울 서밋", "/fonts/NotoSansKR-Bold.ttf"],
    ])
      expect(fontsFor(name!).map((font) => font.file)).toEqual([file]);
  });

  it("sets a right-to-left name from the right margin, running leftwards, and a left-to-right one from the left", () => {
    expect(shareCardSvg("قمة طوكيو 2027", "12–14 مارس")).toContain('x="1120" text-anchor="end" direction="rtl"');
    expect(shareCardSvg("Lisbon 2027", "Mar 12 – 14, 2027")).not.toContain('direction="rtl"');
  });
});
