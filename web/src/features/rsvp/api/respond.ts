import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys, rsvpKeys } from "@web/lib/queries/query-keys";
import type { OwnRsvp, RESPONSE_VALUES } from "@worker/features/rsvp/rsvp.schema";

export type RsvpAnswer = (typeof RESPONSE_VALUES)[number];
type RsvpStatus = OwnRsvp["status"];

/** What a guest who changes their answer is told; a first answer is told by the row itself (its badge). */
const CHANGED_ANSWER: Partial<Record<RsvpStatus, string>> = {
  NO: /*i18n*/ "You're off the guest list",
  YES: /*i18n*/ "You're going again",
  HOST_APPROVAL_REQUESTED: /*i18n*/ "Request sent — a host will approve it",
  WAITLISTED: /*i18n*/ "The experience is full: you're on the waitlist",
};

/**
 * Join (YES) or Decline (NO) from the RSVP header, or a later change of that answer ('Can't go', 'Going').
 * The answer is the caller's new RSVP; the event is refetched because joining can make the caller a guest
 * (more tabs) and leaving takes them away. A refusal shows the server's reason.
 */
export function useRespond(eventId: string) {
  const queryClient = useQueryClient();
  const current = () => queryClient.getQueryData<{ rsvp: OwnRsvp | null }>(rsvpKeys.self(eventId))?.rsvp?.status ?? null;
  return useMutation({
    mutationFn: (status: RsvpAnswer) => data(client.api.rsvp.respond[":eventId"].$put({ param: { eventId }, json: { status } })),
    onMutate: () => ({ before: current() }),
    // Not awaited: the answer itself is the new badge, and the home-screen bar follows it at once.
    onSuccess: (rsvp, _answer, context) => {
      const changed = (context.before === "YES" || context.before === "NO") && rsvp.status !== context.before;
      queryClient.setQueryData(rsvpKeys.self(eventId), { rsvp });
      const told = changed ? CHANGED_ANSWER[rsvp.status] : undefined;
      if (told) toast.success(i18n._(told));
      void queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: rsvpKeys.list(eventId) });
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      // The refusal may come from a status changed elsewhere (a host's action): show the current one.
      void queryClient.invalidateQueries({ queryKey: rsvpKeys.self(eventId) });
    },
  });
}
