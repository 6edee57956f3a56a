import { EncryptJWT, jwtDecrypt } from "jose";
import type { AccessClaims } from "@worker/lib/auth/jwt";

const LIVE_TICKET_TTL_SECONDS = 60;
const AUDIENCE = "experiences-live";
const ISSUER = "experiences";

/** What a ticket vouches for; the room spends `ticketId` on first use, so a ticket opens one socket. */
export interface LiveTicketClaims {
  ticketId: string;
  /** The signed-in viewer it was issued to, or null for an anonymous one. */
  viewer: AccessClaims | null;
  /** Epoch milliseconds. */
  issuedAt: number;
  /** Epoch milliseconds. */
  expiresAt: number;
}

// AES-256-GCM under a key of its own, derived from the server secret: the ticket is opaque in the URL
// (logs show nothing of who held it) and cannot be altered or made up.
async function ticketKey(secret: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`live-ticket:${secret}`)));
}

/** A 60-second ticket to one event's live socket, for this viewer and sign-in. */
export async function sealLiveTicket(
  secret: string,
  eventId: string,
  viewer: AccessClaims | null,
): Promise<{ ticket: string; expiresAt: string }> {
  const expiresAt = Math.floor(Date.now() / 1000) + LIVE_TICKET_TTL_SECONDS;
  const ticket = await new EncryptJWT({ evt: eventId, ...(viewer ? { sid: viewer.sessionId } : {}) })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setJti(crypto.randomUUID())
    .setSubject(viewer?.userId ?? "")
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .encrypt(await ticketKey(secret));
  return { ticket, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

/** The claims of an unexpired ticket for this event, or null for anything else. */
export async function openLiveTicket(secret: string, ticket: string, eventId: string): Promise<LiveTicketClaims | null> {
  try {
    const { payload } = await jwtDecrypt(ticket, await ticketKey(secret), {
      audience: AUDIENCE,
      issuer: ISSUER,
      requiredClaims: ["exp", "iat", "jti", "sub"],
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    if (payload.evt !== eventId || typeof payload.jti !== "string" || typeof payload.exp !== "number" || typeof payload.iat !== "number") {
      return null;
    }
    const signedIn = payload.sub !== "";
    if (signedIn && typeof payload.sid !== "string") return null;
    return {
      ticketId: payload.jti,
      viewer: signedIn ? { userId: payload.sub!, sessionId: payload.sid as string } : null,
      issuedAt: payload.iat * 1000,
      expiresAt: payload.exp * 1000,
    };
  } catch {
    return null;
  }
}
