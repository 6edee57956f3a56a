import { useState, type FormEvent } from "react";
import { PlaceInput } from "@web/components/place-input/place-input";
import { Button } from "@web/components/ui/button";
import { FormError } from "@web/components/ui/field";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { LocationView } from "@worker/shared/itinerary.schema";
import { useUpdateExperience } from "../api/update-experience";

/** The same place, however it was reached: free text compared as typed, a chosen place as its JSON. */
const samePlace = (a: LocationView | null, b: LocationView | null) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Where the experience happens (docs/venue.md): free text, or a place from the same search as activities. Shown on the
 * share and event pages, the first location of new activities, and the place calendars show for activities without one.
 */
export function VenueForm({ event }: { event: Pick<ExperienceDetail, "id" | "venue"> }) {
  const i18n = useI18n();
  const [venue, setVenue] = useState<LocationView | null>(event.venue);
  const [error, setError] = useState<string>();
  const update = useUpdateExperience(event.id, { onError: (e) => setError(errorMessage(e)) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const next = typeof venue === "string" && venue.trim() === "" ? null : venue;
    if (!samePlace(next, event.venue)) update.mutate({ venue: next });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={i18n._("Venue")} className="space-y-3">
      <PlaceInput label={i18n._("Venue (optional)")} value={venue} onChange={setVenue} />
      {error && <FormError>{error}</FormError>}
      <Button type="submit" variant="secondary" className="w-full" disabled={update.isPending}>
        {update.isPending ? i18n._("Saving...") : i18n._("Save venue")}
      </Button>
    </form>
  );
}
