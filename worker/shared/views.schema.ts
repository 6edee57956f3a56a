import { z } from "zod";
import { localeSchema } from "./locale.schema";

// Response shapes several features share. Shared with the web: only zod here, nothing worker-only.

export const PRIVACY_VALUES = ["PUBLIC", "PRIVATE"] as const;
export const RSVP_TYPE_VALUES = ["OPEN", "OPEN_INVITE", "INVITE_ONLY"] as const;
/** Every RSVP status (spec 2 §4). */
export const RSVP_STATUS_VALUES = [
  "ONBOARD_REQUESTED",
  "HOST_APPROVAL_REQUESTED",
  "HOST_APPROVAL_DENIED",
  "REQUESTED",
  "YES",
  "NO",
  "MAYBE",
  "EXPIRED",
  "HOST_REMOVED",
  // The experience was full when they joined or were approved: they wait for a place (docs/waitlist.md).
  "WAITLISTED",
] as const;
/** An id in a request's path: text of at most 100 characters (a route answers 404 for one it does not know). */
export const PATH_ID_TOO_LONG = /*i18n*/ "This address is not valid: an id in it is too long";
export const pathId = z.string().max(100, PATH_ID_TOO_LONG);

/** Every failure the API reports: a message meant for people. */
export const errorSchema = z.object({ error: z.string() }).meta({ id: "Error" });
export const successSchema = z.object({ success: z.literal(true) });

/** A subtitle of an experience, a day or an activity, as a form sends it: may be empty. */
export const subtitleText = z.string({ error: /*i18n*/ "Subtitle must be text" }).trim().max(500, /*i18n*/ "Subtitle is too long");
/** A description of an experience or a day, as a form sends it: may be empty. */
export const descriptionText = z
  .string({ error: /*i18n*/ "Description must be text" })
  .trim()
  .max(10_000, /*i18n*/ "Description is too long");

/** Pictures hosted elsewhere: a picker's search result, a pasted link, a Google place photo. */
export const EXTERNAL_IMAGE_SOURCES = ["UNSPLASH", "PEXELS", "LINK", "GOOGLE"] as const;
const IMAGE_SOURCES = ["UPLOAD", ...EXTERNAL_IMAGE_SOURCES] as const;
export type ExternalImageSource = (typeof EXTERNAL_IMAGE_SOURCES)[number];

/** An image as the API shows it: uploads as signed URLs, external pictures with their own. */
export const imageViewSchema = z
  .object({
    original: z.string(),
    thumbnail: z.string(),
    source: z.enum(IMAGE_SOURCES),
    photoId: z.string().optional(),
  })
  .meta({ id: "Image" });

/** A person as any participant or visitor may see them: never an e-mail. */
export const personSchema = z
  .object({
    guid: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profilePic: imageViewSchema.nullable(),
  })
  .meta({ id: "Person" });

/** The signed-in user, as every account endpoint shows them. */
export const userViewSchema = z
  .object({
    guid: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    emailId: z.string(),
    organisation: z.string(),
    bio: z.string(),
    tags: z.array(z.string()),
    profilePic: imageViewSchema.nullable(),
    /** The language they chose, or null: the web follows their browser's (docs/languages.md). */
    language: localeSchema.nullable(),
  })
  .meta({ id: "User" });

export const imageResultSchema = z.object({ image: imageViewSchema });

export type ErrorBody = z.infer<typeof errorSchema>;
export type ImageView = z.infer<typeof imageViewSchema>;
export type Person = z.infer<typeof personSchema>;
export type UserView = z.infer<typeof userViewSchema>;
