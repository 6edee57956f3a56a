import { api } from "../../../lib/api-client";
import type { Activity, ActivityLocation, ImageView, Program } from "../../../lib/types";
import type { PickedImage } from "./pickers";

const fileForm = (file: File) => {
  const form = new FormData();
  form.append("file", file);
  return form;
};

const days = (eventId: string) => `/api/events/${eventId}/programs`;
const activityPath = (eventId: string, dayId: string, activityId = "") => `${days(eventId)}/${dayId}/activity${activityId ? `/${activityId}` : ""}`;

export interface NewActivity {
  name: string;
  subtitle: string;
  description: string;
  location: ActivityLocation;
  startIsoTime: string;
  endIsoTime: string;
  image?: { file: File } | { external: PickedImage } | null;
}

export type ActivityChange = Partial<{
  name: string;
  subtitle: string;
  description: string;
  location: ActivityLocation;
  startIsoTime: string;
  endIsoTime: string;
  documents: string[];
}>;

export const itineraryApi = {
  updateDay: (eventId: string, dayId: string, change: Partial<Pick<Program, "name" | "subtitle" | "description">>) =>
    api<Program>(`${days(eventId)}/${dayId}`, { method: "PUT", json: change }),
  deleteDay: (eventId: string, dayId: string) => api(`${days(eventId)}/${dayId}`, { method: "DELETE" }),
  copyDay: (eventId: string, dayId: string) => api<Program>(`${days(eventId)}/${dayId}/clone`, { method: "POST" }),
  reorderDays: (eventId: string, programIds: string[]) => api<Program[]>(`${days(eventId)}/reorder`, { json: { programIds } }),
  uploadDayImage: (eventId: string, dayId: string, file: File) => api<{ image: ImageView }>(`${days(eventId)}/${dayId}/image`, { form: fileForm(file) }),
  externalDayImage: (eventId: string, dayId: string, image: PickedImage) =>
    api<{ image: ImageView }>(`${days(eventId)}/${dayId}/image/external`, { json: image }),

  createActivity: (eventId: string, dayId: string, input: NewActivity) => {
    const form = new FormData();
    form.append("name", input.name);
    form.append("subtitle", input.subtitle);
    form.append("description", input.description);
    form.append("startIsoTime", input.startIsoTime);
    form.append("endIsoTime", input.endIsoTime);
    if (input.location) form.append("location", typeof input.location === "string" ? input.location : JSON.stringify(input.location));
    if (input.image && "file" in input.image) form.append("file", input.image.file);
    if (input.image && "external" in input.image) {
      form.append("externalFile", "true");
      form.append("source", input.image.external.source);
      form.append("rawUrl", input.image.external.rawUrl);
      if (input.image.external.photoId) form.append("photoId", input.image.external.photoId);
    }
    return api<Activity>(activityPath(eventId, dayId), { form });
  },
  updateActivity: (eventId: string, dayId: string, activityId: string, change: ActivityChange) =>
    api<Activity>(activityPath(eventId, dayId, activityId), { method: "PUT", json: change }),
  deleteActivity: (eventId: string, dayId: string, activityId: string) => api(activityPath(eventId, dayId, activityId), { method: "DELETE" }),
  uploadActivityImage: (eventId: string, dayId: string, activityId: string, file: File) =>
    api<{ image: ImageView }>(`${activityPath(eventId, dayId, activityId)}/image`, { form: fileForm(file) }),
  externalActivityImage: (eventId: string, dayId: string, activityId: string, image: PickedImage) =>
    api<{ image: ImageView }>(`${activityPath(eventId, dayId, activityId)}/image/external`, { json: image }),
};
