/** A pass link's token ('/pass#eyJ…'): a compact JWS whose payload names the experience. */
export interface PassLink {
  token: string;
  eventId: string;
}

const JWS = /^[\w-]+\.([\w-]+)\.[\w-]+$/;

/**
 * The pass a link's fragment holds, or null when it holds none (cut short when copied, altered). Read without its
 * signature: the page only draws it; the gate's scanner is what checks it.
 */
export function passFromHash(hash: string): PassLink | null {
  const token = decodeURIComponent(hash.replace(/^#/, "")).trim();
  const payload = JWS.exec(token)?.[1];
  if (!payload || token.length > 2000) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { e?: unknown; r?: unknown; s?: unknown };
    if (typeof claims.e !== "string" || typeof claims.r !== "string" || typeof claims.s !== "string") return null;
    return { token, eventId: claims.e };
  } catch {
    return null;
  }
}
