import interBold from "@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";

// The rasteriser is instantiated on the first card a request needs, not when the Worker starts: most isolates never
// draw one (each card is drawn once and kept in R2).
let ready: Promise<void> | undefined;

/**
 * The SVG drawn as a PNG at its own size, or `width` pixels wide (a QR code's viewBox counts modules, not pixels), its
 * text in the bundled Inter Bold (resvg in WebAssembly, no system fonts).
 */
export async function renderPng(svg: string, width?: number): Promise<Uint8Array> {
  ready ??= initWasm(resvgWasm).catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  await ready;
  const image = new Resvg(svg, {
    font: { fontBuffers: [new Uint8Array(interBold)], defaultFontFamily: "Inter", loadSystemFonts: false },
    ...(width ? { fitTo: { mode: "width" as const, value: width } } : {}),
  });
  try {
    return image.render().asPng();
  } finally {
    image.free();
  }
}
