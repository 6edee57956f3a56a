import { SubscribeButton } from "@web/features/calendar/components/subscribe-button";
import { ProfilePage, SECONDARY_ACTION } from "@web/features/profile/profile-page";

/** The profile with 'Subscribe to calendar' among its actions (features/calendar). */
export function ProfileRoute() {
  return (
    <ProfilePage>
      <SubscribeButton className={SECONDARY_ACTION} />
    </ProfilePage>
  );
}
