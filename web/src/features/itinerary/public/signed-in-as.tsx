import { Link } from "react-router-dom";
import { Avatar } from "@web/components/ui/avatar";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import { displayName, useCurrentUser } from "@web/lib/session";
import { Trans } from "@web/lib/trans";

/**
 * The share page's corner: 'Shared itinerary' for a visitor, and for someone signed in, who they are (their picture, and
 * their name from a tablet up; read out on a phone), linking home; their RSVP is said by Join under the title.
 */
export function SignedInAs() {
  const i18n = useI18n();
  const user = useCurrentUser();
  if (!user) return <span className="text-xs font-medium text-slate-500">{i18n._("Shared itinerary")}</span>;
  const name = displayName(user);
  return (
    <Link to="/" className="flex min-h-11 items-center gap-2 rounded-full pe-1 text-sm text-slate-600 hover:text-slate-900">
      {/* Read on a phone too, where the picture alone shows. */}
      <span className="sr-only sm:not-sr-only">
        <Trans
          id="Signed in as <0>{name}</0>"
          values={{ name: <>{name}</> }}
          components={{ 0: <UserText className="font-medium text-slate-900" /> }}
        />
      </span>
      <Avatar src={user.profilePic?.thumbnail} name={name} className="size-8 text-xs" />
    </Link>
  );
}
