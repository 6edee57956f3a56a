import interBold from "@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { fontsFor, type ScriptFont } from "./script-fonts";

// The rasteriser is instantiated on the first card a request needs, not when the Worker starts: most isolates never
// draw one (each card is drawn once and kept in R2).
let ready: Promise<void> | undefined;

/** Each script's font, read once per isolate from the static assets (a Japanese name's 5 MB font is not in the bundle). */
const loaded = new Map<string, Promise<Uint8Array>>();

function scriptFont(assets: Fetcher, font: ScriptFont): Promise<Uint8Array> {
  let bytes = loaded.get(font.file);
  if (!bytes) {
    bytes = assets.fetch(new Request(new URL(font.file, "https://assets.invalid"))).then(async (response) => {
      if (!response.ok) throw new Error(`${font.file} is not among the static assets (${response.status})`);
      return new Uint8Array(await response.arrayBuffer());
    });
    bytes.catch(() => loaded.delete(font.file));
    loaded.set(font.file, bytes);
  }
  return bytes;
}

/**
 * The fonts a text needs beyond Inter, loaded. A font that cannot be read leaves its characters undrawn, never the
 * card: the Latin part of the name still shows.
 */
export async function fontsForText(assets: Fetcher, text: string): Promise<Uint8Array[]> {
  const fonts = await Promise.all(fontsFor(text).map((font) => scriptFont(assets, font).catch(() => null)));
  return fonts.filter((font): font is Uint8Array => font !== null);
}

/**
 * The SVG drawn as a PNG at its own size, or `width` pixels wide (a QR code's viewBox counts modules, not pixels), its
 * text in the bundled Inter Bold and, for characters Inter lacks, in `fonts` (resvg in WebAssembly, no system fonts:
 * it shapes Arabic, lays right-to-left text out and falls back glyph by glyph).
 */
export async function renderPng(svg: string, width?: number, fonts: Uint8Array[] = []): Promise<Uint8Array> {
  ready ??= initWasm(resvgWasm).catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  await ready;
  const image = new Resvg(svg, {
    font: { fontBuffers: [new Uint8Array(interBold), ...fonts], defaultFontFamily: "Inter", loadSystemFonts: false },
    ...(width ? { fitTo: { mode: "width" as const, value: width } } : {}),
  });
  try {
    return image.render().asPng();
  } finally {
    image.free();
  }
}
