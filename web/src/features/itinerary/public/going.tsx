import { Avatar } from "@web/components/ui/avatar";
import { Trans } from "@web/lib/trans";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";

/** The faces shown overlapping before the count. */
const FACES = 5;

/** '12 going' with the first guests' pictures, where the guest list may be shown (a public experience) and someone is. */
export function Going({ itinerary }: { itinerary: Pick<PublicItinerary, "goingCount" | "guests"> }) {
  const { goingCount, guests } = itinerary;
  if (!goingCount) return null;
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <span className="flex shrink-0 -space-x-0.5">
        {guests.slice(0, FACES).map((guest) => (
          <Avatar
            key={guest.guid}
            src={guest.profilePic?.thumbnail}
            name={`${guest.firstName} ${guest.lastName}`}
            className="size-8 ring-2 ring-white"
          />
        ))}
      </span>
      <p>
        <Trans
          id="{count, plural, one {<0>#</0> going} other {<0>#</0> going}}"
          values={{ count: goingCount }}
          components={{ 0: <span className="font-semibold text-slate-900" /> }}
        />
      </p>
    </div>
  );
}
