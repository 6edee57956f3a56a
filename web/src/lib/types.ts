// Shapes of the API's answers shared by several features.
import type { ImageView } from "./session";

export type { ImageView };
export type Privacy = "PUBLIC" | "PRIVATE";
export type RsvpType = "OPEN" | "OPEN_INVITE" | "INVITE_ONLY";
export type ImageSource = "UPLOAD" | "UNSPLASH" | "PEXELS" | "LINK" | "GOOGLE";

export interface Person {
  guid: string;
  firstName: string;
  lastName: string;
  profilePic: ImageView | null;
}

export type PlaceLocation = {
  structuredFormat: { mainText: { text: string }; secondaryText?: { text: string } };
  description?: string;
  googleMapsUri?: string;
  placeId?: string;
};
export type ActivityLocation = string | PlaceLocation | null;

export interface Activity {
  id: string;
  eventId: string;
  programId: string;
  name: string;
  subtitle: string;
  description: string;
  location: ActivityLocation;
  startDateTime: string;
  endDateTime: string;
  image: ImageView | null;
  documents: string[];
}

export interface Program {
  id: string;
  eventId: string;
  date: string;
  dayIndex: number;
  name: string;
  subtitle: string;
  description: string;
  image: ImageView | null;
  activities: Activity[];
}

export interface EventDetail {
  id: string;
  name: string;
  subtitle: string;
  description: string;
  image: ImageView | null;
  privacy: Privacy;
  rsvpType: RsvpType;
  startTime: string;
  endTime: string;
  isOwner: boolean;
  isHost: boolean;
  isGuest: boolean;
  owner: Person;
  hosts: Person[];
  guests: Person[];
  programs: Program[];
}

export type PublicItinerary = Omit<EventDetail, "isOwner" | "isHost" | "isGuest" | "rsvpType">;

export const RSVP_TYPE_MEANING: Record<RsvpType, string> = {
  OPEN: "Anyone with the link can join without approval",
  OPEN_INVITE: "Anyone can request, host approval required",
  INVITE_ONLY: "Only invited guests",
};
