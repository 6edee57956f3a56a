import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { useI18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";
import { useRespond } from "./api/respond";
import { joinedState } from "./joined-state";

/**
 * Join and Decline on an invitation's card (Home, the Manage list): the answer the RSVP header would send. Joining opens
 * the experience; declining takes the card away with the list's refetch.
 */
export function InvitationAnswer({ eventId, eventName }: { eventId: string; eventName: string }) {
  const i18n = useI18n();
  const respond = useRespond(eventId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const answer = (status: "YES" | "NO") =>
    respond.mutate(status, {
      onSuccess: (rsvp) => {
        void queryClient.invalidateQueries({ queryKey: experienceKeys.all });
        if (rsvp.status === "YES") void navigate(`/experiences/${encodeURIComponent(eventId)}`, { state: joinedState });
      },
    });
  return (
    <div className="flex gap-2" role="group" aria-label={i18n._("Answer the invitation to {name}", { name: eventName })}>
      <Button className="min-h-11 flex-1" disabled={respond.isPending} onClick={() => answer("YES")}>
        {i18n._("Join")}
      </Button>
      <Button variant="secondary" className="min-h-11 flex-1" disabled={respond.isPending} onClick={() => answer("NO")}>
        {i18n._("Decline")}
      </Button>
    </div>
  );
}
