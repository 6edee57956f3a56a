import { Button } from "@web/components/ui/button";
import { useI18n } from "@web/lib/i18n";
import type { ActivityView as Activity } from "@worker/shared/itinerary.schema";
import type { SignupView } from "@worker/shared/signup.schema";
import { useLeaveActivity } from "../api/leave-activity";
import { useSignUp } from "../api/sign-up";
import { isFull, windowOf } from "../places-text";
import { SignupPlaces } from "./signup-places";

/** A going guest's own button on a sign-up activity: Sign up, Join the waitlist, Leave or Leave the waitlist. */
export function SignupActions({ activity, signup }: { activity: Activity; signup: SignupView }) {
  const i18n = useI18n();
  const ref = { eventId: activity.eventId, dayId: activity.programId, activityId: activity.id };
  const signUp = useSignUp(ref);
  const leave = useLeaveActivity(ref, activity.name);
  const busy = signUp.isPending || leave.isPending;
  return (
    <SignupPlaces activity={activity} signup={signup}>
      {signup.mine ? (
        <Button variant="secondary" className="px-3 py-1.5" disabled={busy} onClick={() => leave.mutate()}>
          {signup.mine.status === "IN" ? i18n._("Leave") : i18n._("Leave the waitlist")}
        </Button>
      ) : (
        windowOf(signup) === "open" && (
          <Button className="px-3 py-1.5" disabled={busy} onClick={() => signUp.mutate()}>
            {isFull(signup) ? i18n._("Join the waitlist") : i18n._("Sign up")}
          </Button>
        )
      )}
    </SignupPlaces>
  );
}
