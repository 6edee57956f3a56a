// Reads QR codes from the camera's video: the browser's own BarcodeDetector where it reads QR codes (Chrome on
// Android, macOS), else barcode-detector's ponyfill over zxing-wasm, whose .wasm is one of the app's own hashed
// assets (never a CDN: the CSP allows only 'self', and a gate may have no network). Loaded only by the Check-in screen.

export interface QrReader {
  /** The text of every QR code in the frame. */
  read(frame: HTMLVideoElement): Promise<string[]>;
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

const readerOf = (detector: Detector): QrReader => ({
  read: async (frame) => (await detector.detect(frame)).map((code) => code.rawValue),
});

let loaded: Promise<QrReader> | null = null;

/**
 * The page's one QR reader, loaded on first use. 'Prepare for offline' loads it too (the .wasm fetched and compiled
 * then), so a gate that loses the network before it starts its camera still reads passes.
 */
export function qrReader(): Promise<QrReader> {
  loaded ??= loadReader().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

async function loadReader(): Promise<QrReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes("qr_code"))
    return readerOf(new native({ formats: ["qr_code"] }));
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return readerOf(new BarcodeDetector({ formats: ["qr_code"] }));
}
