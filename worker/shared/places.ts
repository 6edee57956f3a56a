import type { LocationView } from "./itinerary.schema";

// A place (an activity's location, the experience's venue) is free text or a place chosen from the places search.
// Worded here once for the app, the share page's first view, calendars and e-mails.

/** Its name: the free text, or the chosen place's name. */
export const locationText = (place: LocationView | null | undefined): string =>
  !place ? "" : typeof place === "string" ? place : place.structuredFormat.mainText.text;

/** A chosen place's address line; '' for free text. */
export const placeAddress = (place: LocationView | null | undefined): string =>
  place && typeof place === "object" ? (place.structuredFormat.secondaryText?.text.trim() ?? "") : "";

/** Name and address on one line, as a calendar's LOCATION or an e-mail tells it: 'LX Factory, Rua Rodrigues de Faria 103, Lisboa'. */
export const placeLine = (place: LocationView | null | undefined): string =>
  [locationText(place).trim(), placeAddress(place)].filter(Boolean).join(", ");

/**
 * The map: a chosen place's own link, else a map search for its description, or its name and address ('LX Factory, Rua
 * Rodrigues de Faria 103, Lisboa': a name alone finds the wrong LX Factory, or none), or the free text.
 */
export function mapsUrl(place: LocationView): string {
  if (typeof place === "object" && place.googleMapsUri) return place.googleMapsUri;
  const query = typeof place === "object" ? (place.description ?? placeLine(place)) : place;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
