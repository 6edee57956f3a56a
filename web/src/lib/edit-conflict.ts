import { ApiError } from "./api-client";

/** A save refused because someone else changed a field meanwhile (409 with `current`): the message and their values. */
export interface EditConflict<Current> {
  message: string;
  current: Current;
}

/** The conflict a failed save met, or null for any other failure. */
export function editConflictOf<Current extends object>(error: unknown): EditConflict<Current> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body;
  if (!body || typeof body !== "object" || !("current" in body) || !body.current || typeof body.current !== "object") return null;
  return { message: error.message, current: body.current as Current };
}
