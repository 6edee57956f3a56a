import type { Bindings } from "@worker/env";
import { readFields, signFields } from "@worker/lib/signed-token";

// The link an invitation mail opens: the experience's share page carrying a token that names the invitation (the
// experience and the invited address), so a signed-out guest sees the experience and answers with their name and a
// mailed code (docs/guests.md). The token never expires; the RSVP's status says whether it can still be answered.

const PURPOSE = "invitation";

export async function invitationLink(env: Bindings, eventId: string, email: string): Promise<string> {
  const token = await signFields(env, PURPOSE, [eventId, email.toLowerCase()]);
  return `${env.APP_ORIGIN}/itinerary/${encodeURIComponent(eventId)}?invitation=${token}`;
}

/** The experience and address an invitation link's token names, or null when the token was not made by this app. */
export async function readInvitationToken(env: Bindings, token: string): Promise<{ eventId: string; email: string } | null> {
  const fields = await readFields(env, PURPOSE, token);
  if (fields?.length !== 2) return null;
  const [eventId, email] = fields as [string, string];
  return { eventId, email };
}
