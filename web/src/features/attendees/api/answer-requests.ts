import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import type { HostAction, RsvpChange } from "@worker/features/rsvp/rsvp.schema";
import { count } from "./count";
import { refreshPeople } from "./refresh-people";

const DONE: Record<HostAction, (n: number) => string> = {
  YES: (n) => `${count(n, "request")} approved`,
  NO: (n) => `${count(n, "request")} rejected`,
  REQUESTED: (n) => `Invitation sent again to ${count(n, "guest")}`,
};

const FULL = "the experience is full";

/**
 * What the action did, from the server's answer: an approval that found the experience full put the person on the
 * waitlist (their status says WAITLISTED, docs/waitlist.md), and the toast says so rather than 'approved'.
 */
export function doneMessage(status: HostAction, changed: RsvpChange[]): string {
  const waitlisted = status === "YES" ? changed.filter((change) => change.status === "WAITLISTED").length : 0;
  if (waitlisted === 0) return DONE[status](changed.length);
  const approved = changed.length - waitlisted;
  const waiting = waitlisted === 1 ? `Added to the waitlist: ${FULL}` : `${count(waitlisted, "request")} added to the waitlist: ${FULL}`;
  return approved === 0 ? waiting : `${DONE.YES(approved)}. ${count(waitlisted, "other")} added to the waitlist: ${FULL}.`;
}

/** The hosts' bulk PUT /api/rsvp: approve (YES) or reject (NO) approval requests, or resend invites (REQUESTED). */
export function useAnswerRequests(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, rsvps }: { status: HostAction; rsvps: string[] }) =>
      data(client.api.rsvp.$put({ json: { eventId, status, rsvps } })),
    onSuccess: async (changed, { status }) => {
      toast.success(doneMessage(status, changed));
      await refreshPeople(queryClient, eventId);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
