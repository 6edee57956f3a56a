import { compactVerify, importJWK, type JWK } from "jose";

// A pass is a compact JWS (ES256) of the experience, the RSVP, the pass's serial and when it was issued, signed with
// the experience's own key (worker/features/checkin/pass-keys.ts). The Worker and the organisers' scanners (offline too, from the
// public JWK in the check-in sheet) read it with this one function.

export const PASS_ALGORITHM = "ES256";

export interface PassClaims {
  eventId: string;
  rsvpId: string;
  serial: string;
  /** Epoch seconds. */
  issuedAt: number;
}

/** The short keys a pass carries, so its QR code stays small enough to scan from a phone's screen at arm's length. */
export interface PassPayload {
  e: string;
  r: string;
  s: string;
  iat: number;
}

export const passPayload = ({ eventId, rsvpId, serial, issuedAt }: PassClaims): PassPayload => ({
  e: eventId,
  r: rsvpId,
  s: serial,
  iat: issuedAt,
});

const decoder = new TextDecoder();
const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= 100;

/** Reads passes signed by one experience's key; imported once, however many scans it judges. */
export type PassReader = (token: string, eventId: string) => Promise<PassClaims | null>;

/**
 * A reader of the passes `publicJwk`'s key signed: each token's claims, or null when it is not a pass, was altered, or
 * belongs to another experience than `eventId`. Never throws, whatever the scanner read (a broken key reads nothing).
 */
export async function passReader(publicJwk: JWK): Promise<PassReader> {
  const key = await importJWK(publicJwk, PASS_ALGORITHM).catch(() => null);
  return async (token, eventId) => {
    if (!key || token.length > 2000) return null;
    try {
      const { payload, protectedHeader } = await compactVerify(token.trim(), key, { algorithms: [PASS_ALGORITHM] });
      if (protectedHeader.kid !== publicJwk.kid) return null;
      const claims = JSON.parse(decoder.decode(payload)) as Partial<PassPayload>;
      if (!isText(claims.e) || !isText(claims.r) || !isText(claims.s) || typeof claims.iat !== "number") return null;
      if (claims.e !== eventId) return null;
      return { eventId: claims.e, rsvpId: claims.r, serial: claims.s, issuedAt: claims.iat };
    } catch {
      return null;
    }
  };
}

/** One pass read with `publicJwk` (see passReader). */
export async function readPass(token: string, publicJwk: JWK, eventId: string): Promise<PassClaims | null> {
  return (await passReader(publicJwk))(token, eventId);
}
