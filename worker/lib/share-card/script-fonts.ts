// The fonts a share card needs beyond the bundled Inter (Latin, Cyrillic, Greek): one per script an experience's name
// may be written in. They are static assets (the build copies them to /fonts, vite.config.ts), read through the ASSETS
// binding on the first card that needs each, and kept for the isolate's life. No import here: the build reads this list.

export interface ScriptFont {
  /** Its path among the static assets. */
  file: string;
  /** Where the build takes it from (node_modules). */
  source: string;
  /** The characters it draws. */
  covers: RegExp;
}

const noto = (pkg: string, name: string, covers: RegExp): ScriptFont => ({
  file: `/fonts/${name}-Bold.ttf`,
  source: `@expo-google-fonts/${pkg}/700Bold/${name}_700Bold.ttf`,
  covers,
});

export const SCRIPT_FONTS: readonly ScriptFont[] = [
  // Japanese carries the Han ideographs Chinese names use too, and the kana.
  noto("noto-sans-jp", "NotoSansJP", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u),
  noto("noto-sans-kr", "NotoSansKR", /\p{Script=Hangul}/u),
  noto("noto-sans-arabic", "NotoSansArabic", /\p{Script=Arabic}/u),
  noto("noto-sans-hebrew", "NotoSansHebrew", /\p{Script=Hebrew}/u),
  noto("noto-sans-thai", "NotoSansThai", /\p{Script=Thai}/u),
  noto("noto-sans-devanagari", "NotoSansDevanagari", /\p{Script=Devanagari}/u),
  noto("noto-emoji", "NotoEmoji", /\p{Extended_Pictographic}/u),
];

/** The fonts a text needs beyond Inter: none for a Latin, Cyrillic or Greek name. */
export const fontsFor = (text: string) => SCRIPT_FONTS.filter((font) => font.covers.test(text));
