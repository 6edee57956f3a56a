import type { ReactNode } from "react";
import type { ActivityView as Activity } from "@worker/shared/itinerary.schema";
import type { SignupView } from "@worker/shared/signup.schema";
import { placesText, windowText } from "../places-text";

/** A sign-up activity's places and window ('12 of 40 places left', 'Signing up closes at 6:00 PM WET'), and what follows. */
export function SignupPlaces({ activity, signup, children }: { activity: Activity; signup: SignupView; children?: ReactNode }) {
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3" aria-live="polite">
      <p className="text-sm font-medium text-slate-900">{placesText(signup)}</p>
      <p className="text-xs text-slate-600">{windowText(activity, signup)}</p>
      {children}
    </div>
  );
}
