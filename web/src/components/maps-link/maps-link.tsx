import { ExternalLink } from "@web/components/ui/external-link";
import { UserText } from "@web/components/ui/user-text";
import type { LocationView } from "@worker/shared/itinerary.schema";
import { locationText, mapsUrl } from "@worker/shared/places";

/** A place's name as a link to the map: the chosen place's own map link, else a map search for its text. */
export function MapsLink({
  location,
  className = "text-brand-700 hover:underline",
}: {
  location: LocationView | null;
  className?: string;
}) {
  if (!location) return null;
  return (
    <ExternalLink href={mapsUrl(location)} className={className}>
      <UserText>{locationText(location)}</UserText>
    </ExternalLink>
  );
}
