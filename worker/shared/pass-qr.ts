import QRCode from "qrcode";

/**
 * The pass's QR code as SVG (the Worker's for the pass card and the e-mail, the browser's for the /pass page: one
 * drawing): black on white with the standard 4-module quiet zone, error correction M (a signed pass
 * fits in a version about 12 code, which a phone's camera reads from a screen at arm's length).
 */
export function passQrSvg(token: string): Promise<string> {
  return QRCode.toString(token, { type: "svg", errorCorrectionLevel: "M", margin: 4, color: { dark: "#000000", light: "#ffffff" } });
}
