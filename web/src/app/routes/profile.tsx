import { LanguagePicker } from "@web/components/language-picker/language-picker";
import { SubscribeButton } from "@web/features/calendar/components/subscribe-button";
import { ProfilePage, SECONDARY_ACTION } from "@web/features/profile/profile-page";

/** The profile with 'Subscribe to calendar' among its actions (features/calendar), and the language picker. */
export function ProfileRoute() {
  return (
    <ProfilePage language={<LanguagePicker />}>
      <SubscribeButton className={SECONDARY_ACTION} />
    </ProfilePage>
  );
}
