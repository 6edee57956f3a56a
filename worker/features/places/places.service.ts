import type { Bindings } from "@worker/env";
import { AppError, badRequest, notFound } from "@worker/lib/errors";
import { PLACES_MESSAGES, type AutocompleteAnswer, type AutocompleteInput, type PlaceDetails } from "./places.schema";

// The key stays on the server: it is sent to Google only, and never copied into an answer or a log line.

const API = "https://places.googleapis.com/v1";
const TIMEOUT_MS = 10_000;

interface Prediction {
  placeId?: string;
  text?: { text?: string };
  structuredFormat?: { mainText?: { text?: string }; secondaryText?: { text?: string } };
}

async function google(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new AppError(502, PLACES_MESSAGES.failed);
  }
}

export async function autocomplete(env: Bindings, input: AutocompleteInput): Promise<AutocompleteAnswer> {
  const key = env.GOOGLE_MAPS_API_KEY;
  if (!key) return { suggestions: [], configured: false, message: PLACES_MESSAGES.notConfigured };
  const response = await google(`${API}/places:autocomplete`, {
    method: "POST",
    headers: { "X-Goog-Api-Key": key, "Content-Type": "application/json" },
    body: JSON.stringify({ input: input.input, ...(input.sessionToken ? { sessionToken: input.sessionToken } : {}) }),
  });
  if (!response.ok) {
    console.error("places autocomplete failed with status", response.status);
    throw new AppError(502, PLACES_MESSAGES.failed);
  }
  const body = await response.json<{ suggestions?: { placePrediction?: Prediction }[] }>();
  const suggestions = (body.suggestions ?? []).flatMap(({ placePrediction: p }) =>
    p?.placeId
      ? [
          {
            placeId: p.placeId,
            description: p.text?.text ?? "",
            mainText: p.structuredFormat?.mainText?.text ?? p.text?.text ?? "",
            secondaryText: p.structuredFormat?.secondaryText?.text ?? "",
          },
        ]
      : [],
  );
  return { suggestions, configured: true };
}

// Place ids are URL-safe tokens; anything else could walk the request somewhere else on Google's API.
const PLACE_ID = /^[A-Za-z0-9_-]{1,300}$/;

export async function placeDetails(env: Bindings, placeId: string): Promise<PlaceDetails> {
  const key = env.GOOGLE_MAPS_API_KEY;
  if (!key) throw badRequest(PLACES_MESSAGES.notConfigured);
  if (!PLACE_ID.test(placeId)) throw notFound(PLACES_MESSAGES.unknownPlace);
  const response = await google(`${API}/places/${placeId}`, {
    headers: { "X-Goog-Api-Key": key, "X-Goog-FieldMask": "id,displayName,formattedAddress,googleMapsUri" },
  });
  if (response.status === 404 || response.status === 400) throw notFound(PLACES_MESSAGES.unknownPlace);
  if (!response.ok) {
    console.error("place details failed with status", response.status);
    throw new AppError(502, PLACES_MESSAGES.failed);
  }
  const place = await response.json<{ id?: string; displayName?: { text?: string }; formattedAddress?: string; googleMapsUri?: string }>();
  const name = place.displayName?.text ?? "";
  const address = place.formattedAddress ?? "";
  return {
    structuredFormat: { mainText: { text: name || address }, secondaryText: { text: address } },
    description: !name || address.startsWith(name) ? address : address ? `${name}, ${address}` : name,
    googleMapsUri: place.googleMapsUri ?? "",
    placeId: place.id ?? placeId,
  };
}
