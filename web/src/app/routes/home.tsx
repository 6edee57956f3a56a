import { HomePage } from "@web/features/experiences/home-page";
import { ManagePage } from "@web/features/experiences/manage-page";
import { InvitationAnswer } from "@web/features/rsvp/invitation-answer";

/** Home, with Join and Decline on the invitations waiting for an answer (features/rsvp). */
export function HomeRoute() {
  return <HomePage answer={InvitationAnswer} />;
}

/** The Manage list, with the same Join and Decline on invitations. */
export function ManageRoute() {
  return <ManagePage answer={InvitationAnswer} />;
}
