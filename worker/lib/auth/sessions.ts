import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { refreshFamilies, users } from "@worker/db/schema";
import { idChunks } from "../batch";
import type { AccessClaims } from "./jwt";

export const SESSION_EXPIRED = /*i18n*/ "Your session has expired. Please sign in again.";

// A sign-in is one refresh family: alive while it is neither revoked (logout, password change, a
// reused refresh token) nor past its 30 days, and while its user exists.
const alive = () => and(isNull(refreshFamilies.revokedAt), gt(refreshFamilies.expiresAt, new Date()));

/** Whether the sign-in an access token names is still alive, read from D1 on every request. */
export async function isSessionActive(db: Db, { userId, sessionId }: AccessClaims): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshFamilies.id })
    .from(refreshFamilies)
    .innerJoin(users, eq(users.id, refreshFamilies.userId))
    .where(and(eq(refreshFamilies.id, sessionId), eq(refreshFamilies.userId, userId), alive()))
    .limit(1);
  return Boolean(row);
}

/** Which of these sign-ins are still alive. */
export async function activeSessions(db: Db, sessionIds: string[]): Promise<Set<string>> {
  const active = new Set<string>();
  for (const ids of idChunks(sessionIds)) {
    const rows = await db
      .select({ id: refreshFamilies.id })
      .from(refreshFamilies)
      .innerJoin(users, eq(users.id, refreshFamilies.userId))
      .where(and(inArray(refreshFamilies.id, ids), alive()));
    for (const row of rows) active.add(row.id);
  }
  return active;
}
