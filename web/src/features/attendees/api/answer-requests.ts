import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import type { HostAction, RsvpChange } from "@worker/features/rsvp/rsvp.schema";
import { refreshPeople } from "./refresh-people";

const DONE: Record<HostAction, (count: number) => string> = {
  YES: (count) => i18n._("{count, plural, one {# request approved} other {# requests approved}}", { count }),
  NO: (count) => i18n._("{count, plural, one {# request rejected} other {# requests rejected}}", { count }),
  REQUESTED: (count) =>
    i18n._("{count, plural, one {Invitation sent again to # guest} other {Invitation sent again to # guests}}", { count }),
};

/**
 * What the action did, from the server's answer: an approval that found the experience full put the person on the
 * waitlist (their status says WAITLISTED, docs/waitlist.md), and the toast says so rather than 'approved'.
 */
export function doneMessage(status: HostAction, changed: RsvpChange[]): string {
  const waitlisted = status === "YES" ? changed.filter((change) => change.status === "WAITLISTED").length : 0;
  if (waitlisted === 0) return DONE[status](changed.length);
  const approved = changed.length - waitlisted;
  if (approved > 0)
    return i18n._(
      "{approved, plural, one {# request approved} other {# requests approved}}. {waitlisted, plural, one {# other added to the waitlist: the experience is full.} other {# others added to the waitlist: the experience is full.}}",
      { approved, waitlisted },
    );
  return waitlisted === 1
    ? i18n._("Added to the waitlist: the experience is full")
    : i18n._(
        "{count, plural, one {# request added to the waitlist: the experience is full} other {# requests added to the waitlist: the experience is full}}",
        { count: waitlisted },
      );
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
