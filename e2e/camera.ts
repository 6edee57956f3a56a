import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import QRCode from "qrcode";
import config from "./playwright.config";

// A scanner's camera, faked: Chromium plays a video file as its webcam. The video is made here of a QR code (a pass's
// token, or anything else) with ffmpeg, so the app's real camera path (getUserMedia, BarcodeDetector or its zxing-wasm
// stand-in) reads it as it would a phone held up to the lens.

const FRAME = "scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2:white";

/**
 * A .y4m video (640×480, 5 frames a second, looped by Chromium) showing each text as a QR code for `seconds`, one after
 * the other: a guest holding up their phone, then the next guest.
 */
export async function qrVideo(texts: string[], seconds = 2): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "experiences-camera-"));
  const inputs: string[] = [];
  for (const [i, text] of texts.entries()) {
    const png = join(dir, `qr-${i}.png`);
    await QRCode.toFile(png, text, { width: 420, margin: 4, errorCorrectionLevel: "M" });
    inputs.push("-loop", "1", "-t", String(seconds), "-i", png);
  }
  const scaled = texts.map((_, i) => `[${i}:v]${FRAME},fps=5,format=yuv420p[v${i}]`).join(";");
  const joined = `${scaled};${texts.map((_, i) => `[v${i}]`).join("")}concat=n=${texts.length}:v=1:a=0[out]`;
  const video = join(dir, "camera.y4m");
  execFileSync("ffmpeg", ["-y", "-loglevel", "error", ...inputs, "-filter_complex", joined, "-map", "[out]", "-pix_fmt", "yuv420p", video]);
  return video;
}

/** A browser whose camera sees `video` (the camera permission granted without a prompt), launched as the suite's are. */
export async function browserWithCamera(video: string): Promise<Browser> {
  const launch = config.use?.launchOptions ?? {};
  return chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
