import type { Db } from "@worker/db/client";
import { requireEventRole } from "./permissions";

/** The event, if the user may change it: its owner or one of its hosts. */
export const requireOrganiser = (db: Db, eventId: string, userId: string) => requireEventRole(db, eventId, userId, ["owner", "host"]);
