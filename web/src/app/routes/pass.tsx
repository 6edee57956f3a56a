import { useQuery } from "@tanstack/react-query";
import { UserText } from "@web/components/ui/user-text";
import { experienceQueryOptions } from "@web/features/experiences/api/get-experience";
import { PassPage } from "@web/features/pass/pass-page";
import { useCurrentUser } from "@web/lib/session";

function ExperienceName({ eventId }: { eventId: string }) {
  const signedIn = useCurrentUser() !== null;
  const { data } = useQuery({ ...experienceQueryOptions(eventId), enabled: signedIn, retry: false });
  return data ? (
    <UserText as="p" className="text-sm text-slate-600">
      {data.name}
    </UserText>
  ) : null;
}

/** /pass#{token}, the 'Your pass' e-mail's link, with the experience's name when the signed-in viewer may read it. */
export function PassRoute() {
  return <PassPage experienceName={ExperienceName} />;
}
