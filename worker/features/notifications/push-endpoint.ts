import { fromBase64Url } from "@worker/lib/crypto";
import { NOTIFICATION_MESSAGES, PUSH_SERVICE_HOSTS } from "./notifications.schema";

/** An address of the URL standard's host forms: an IPv6 literal, or IPv4 (which the parser writes dotted whatever the form sent: 2130706433, 0x7f000001, 0177.1). */
const isAddress = (hostname: string) => hostname.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);

const isPushService = (hostname: string) => PUSH_SERVICE_HOSTS.some((host) => hostname === host || hostname.endsWith(`.${host}`));

/**
 * Why the Worker must not send pushes to this endpoint, or null for a browser's push service. The Worker fetches
 * whatever is saved here, so anything but the browsers' push services would let anyone make it call any address.
 */
export function endpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return NOTIFICATION_MESSAGES.badSubscription;
  }
  if (url.protocol !== "https:") return NOTIFICATION_MESSAGES.endpointNotHttps;
  if (url.username || url.password) return NOTIFICATION_MESSAGES.endpointUserInfo;
  // The parser drops the scheme's default port: any port left is another one.
  if (url.port !== "") return NOTIFICATION_MESSAGES.endpointPort;
  if (isAddress(url.hostname)) return NOTIFICATION_MESSAGES.endpointAddress;
  if (!isPushService(url.hostname)) return NOTIFICATION_MESSAGES.endpointNotPushService;
  return null;
}

/** Whether `p256dh` is an uncompressed P-256 point (65 bytes from 0x04) that Web Crypto takes as an ECDH public key. */
export async function isP256PublicKey(p256dh: string): Promise<boolean> {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64Url(p256dh);
  } catch {
    return false;
  }
  if (bytes.byteLength !== 65 || bytes[0] !== 0x04) return false;
  try {
    await crypto.subtle.importKey("raw", bytes, { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}
