import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../../lib/api-client";
import type { Activity, ActivityLocation, ImageSource, ImageView, PlaceLocation } from "../../../lib/types";

// Spec 2 §9: searches wait 500 ms after the last keystroke and stay fresh for 30 s.
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_STALE_MS = 30_000;
export const MIN_SEARCH_LENGTH = 2;
export const TEMPLATE_PAGE_SIZE = 5;
export const MEDIA_PAGE_SIZE = 30;

/** The value, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

// Media search

export const MEDIA_ORIENTATIONS = ["landscape", "portrait", "squarish"] as const;
export type MediaOrientation = (typeof MEDIA_ORIENTATIONS)[number];

export interface MediaResult {
  photoId: string;
  source: "UNSPLASH" | "PEXELS";
  urls: { small: string; medium: string; large: string; raw: string };
  attribution: { name: string; profileUrl: string };
}

export interface MediaSearchAnswer {
  results: MediaResult[];
  page: number;
  configured: boolean;
  message?: string;
}

export type PickedImage = { photoId?: string; source: ImageSource; rawUrl: string };

export const mediaSearchQuery = (query: string, orientation: MediaOrientation, page = 1) =>
  queryOptions({
    queryKey: ["media-search", query, orientation, page],
    queryFn: () => {
      const params = new URLSearchParams({ query, page: String(page), limit: String(MEDIA_PAGE_SIZE), orientation });
      return api<MediaSearchAnswer>(`/api/v2/media/search?${params}`);
    },
    enabled: query.trim().length > 0,
    staleTime: SEARCH_STALE_MS,
    retry: false,
  });

// Activity templates

export interface ActivityTemplate {
  id: string;
  name: string;
  subtitle: string;
  description: string;
  location: ActivityLocation;
  image: ImageView | null;
  startDateTime: string;
  endDateTime: string;
}

export interface ActivitySearchAnswer {
  activities: ActivityTemplate[];
  page: number;
  totalPages: number;
  total: number;
}

export const activitySearchQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ["activity-search", q, TEMPLATE_PAGE_SIZE],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ q, p: String(pageParam), l: String(TEMPLATE_PAGE_SIZE) });
      return api<ActivitySearchAnswer>(`/api/search/activity?${params}`);
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    enabled: q.trim().length >= MIN_SEARCH_LENGTH,
    staleTime: SEARCH_STALE_MS,
    retry: false,
  });

// Places

export interface PlaceSuggestion {
  placeId: string;
  description: string;
  mainText: string;
  secondaryText: string;
}

export interface PlacesAnswer {
  suggestions: PlaceSuggestion[];
  configured: boolean;
  message?: string;
}

export const placesAutocompleteQuery = (input: string, enabled = true) =>
  queryOptions({
    queryKey: ["places", "autocomplete", input],
    queryFn: () => api<PlacesAnswer>(`/api/places/autocomplete?${new URLSearchParams({ input })}`),
    enabled: enabled && input.trim().length >= MIN_SEARCH_LENGTH,
    staleTime: SEARCH_STALE_MS,
    retry: false,
  });

export const placeDetailsQuery = (placeId: string) =>
  queryOptions({
    queryKey: ["places", "details", placeId],
    queryFn: () => api<PlaceLocation>(`/api/places/details/${encodeURIComponent(placeId)}`),
    staleTime: Infinity,
    retry: false,
  });

// Documents

export interface EventDocument {
  id: string;
  type: string;
  otherDocumentType?: string | null;
  mimeType: string;
  name: string;
  document: { original: string };
  thirdPartyUploader: { firstName: string; lastName: string } | null;
  createdAt: string;
}

export const DOCUMENT_ACCEPT = ".jpeg,.jpg,.png,.pdf";
const DOCUMENT_EXTENSIONS = /\.(jpe?g|png|pdf)$/i;
const DOCUMENT_TYPES = new Set(["image/jpeg", "image/png", "application/pdf"]);

/** Spec 2 §5: documents are JPEG, PNG or PDF. */
export const isAcceptedDocument = (file: File) => DOCUMENT_TYPES.has(file.type) || DOCUMENT_EXTENSIONS.test(file.name);

export const commonDocumentsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ["documents", eventId, "common"],
    queryFn: () => api<EventDocument[]>(`/api/documents/event/${eventId}/user/common`),
  });

export const pickersApi = {
  uploadCommonDocuments: (eventId: string, files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append("files", file);
    return api<EventDocument[]>(`/api/documents/event/${eventId}/common`, { form });
  },
  deleteDocument: (documentId: string) => api<{ success: true }>(`/api/documents/${documentId}`, { method: "DELETE" }),
  setActivityDocuments: (activity: Pick<Activity, "eventId" | "programId" | "id">, documents: string[]) =>
    api<Activity>(`/api/events/${activity.eventId}/programs/${activity.programId}/activity/${activity.id}`, { method: "PUT", json: { documents } }),
};

/** Old ids first, then the new ones not already there. */
export const unionIds = (old: readonly string[], added: readonly string[]) => [...new Set([...old, ...added])];
