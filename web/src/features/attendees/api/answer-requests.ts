import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import type { HostAction } from "@worker/features/rsvp/rsvp.schema";
import { count } from "./count";
import { refreshPeople } from "./refresh-people";

const DONE: Record<HostAction, (n: number) => string> = {
  YES: (n) => `${count(n, "request")} approved`,
  NO: (n) => `${count(n, "request")} rejected`,
  REQUESTED: (n) => `Invitation sent again to ${count(n, "guest")}`,
};

/** The hosts' bulk PUT /api/rsvp: approve (YES) or reject (NO) approval requests, or resend invites (REQUESTED). */
export function useAnswerRequests(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, rsvps }: { status: HostAction; rsvps: string[] }) =>
      data(client.api.rsvp.$put({ json: { eventId, status, rsvps } })),
    onSuccess: async (changed, { status }) => {
      toast.success(DONE[status](changed.length));
      await refreshPeople(queryClient, eventId);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
