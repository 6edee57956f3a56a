import { queryOptions } from "@tanstack/react-query";
import type { EventSummary } from "../../components/ui/event-card";
import { api } from "../../lib/api-client";
import type { EventDetail, ImageSource, ImageView, Privacy, RsvpType } from "../../lib/types";

export const eventsQuery = queryOptions({
  queryKey: ["events"],
  queryFn: () => api<EventSummary[]>("/api/events"),
});

// Spec 2 §9: the event is fresh for 2 s.
export const eventQuery = (eventId: string) =>
  queryOptions({
    queryKey: ["event", eventId],
    queryFn: () => api<EventDetail>(`/api/events/${eventId}`),
    staleTime: 2000,
  });

export interface NewExperience {
  name: string;
  startIsoTime: string;
  endIsoTime: string;
  privacy: Privacy;
  rsvpType: RsvpType;
  isAIMode: boolean;
  prompt?: string;
  file?: File | null;
}

export type EventUpdate = { privacy: Privacy } | { name: string } | { rsvpType: RsvpType };

export const eventsApi = {
  create: (input: NewExperience) => {
    const form = new FormData();
    form.append("name", input.name);
    form.append("startIsoTime", input.startIsoTime);
    form.append("endIsoTime", input.endIsoTime);
    form.append("privacy", input.privacy);
    form.append("rsvpType", input.rsvpType);
    form.append("isAIMode", String(input.isAIMode));
    if (input.isAIMode && input.prompt) form.append("prompt", input.prompt);
    if (input.file) form.append("file", input.file);
    return api<{ id: string; startTime: string; endTime: string }>("/api/events", { form });
  },
  update: (eventId: string, change: EventUpdate) => api<Partial<EventDetail>>(`/api/events/${eventId}`, { method: "PUT", json: change }),
  remove: (eventId: string) => api<{ success: true }>(`/api/events/${eventId}`, { method: "DELETE" }),
  clone: (eventId: string, startDateTime: string, privacy: Privacy) =>
    api<{ id: string; startTime: string; endTime: string }>(`/api/events/${eventId}/clone`, { json: { startDateTime, privacy } }),
  uploadImage: (eventId: string, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api<{ image: ImageView }>(`/api/events/${eventId}/image`, { form });
  },
  externalImage: (eventId: string, image: { photoId?: string; source: ImageSource; rawUrl: string }) =>
    api<{ image: ImageView }>(`/api/events/${eventId}/image/external`, { json: image }),
};
