import { MapsLink } from "@web/components/maps-link/maps-link";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import type { LocationView } from "@worker/shared/itinerary.schema";
import { placeAddress } from "@worker/shared/places";

/**
 * 'Venue: LX Factory · Rua Rodrigues de Faria 103, Lisboa', the name a link to the map (docs/venue.md). The share page's
 * first view (worker/shared/itinerary-first-view.ts) writes the same markup, so the app's page replaces it without a shift.
 */
export function VenueLine({ venue, className = "" }: { venue: LocationView | null; className?: string }) {
  const i18n = useI18n();
  if (!venue) return null;
  const address = placeAddress(venue);
  return (
    <p className={`text-sm text-slate-600 ${className}`.trim()}>
      <span className="text-slate-500">{i18n._("Venue:")} </span>
      <MapsLink location={venue} className="font-medium text-brand-700 hover:underline" />
      {address && (
        <>
          {" · "}
          <UserText>{address}</UserText>
        </>
      )}
    </p>
  );
}
