import { z } from "zod";
import { GROUPS } from "@worker/shared/attendee-groups";
import { exportFormatField } from "@worker/shared/export-format";

// The attendee export's contract (docs/exports-and-history.md): the Attendees tab's group, search and tags, and a format.

/** Tags one export may filter by; the tag filter never offers more than the list holds. */
const EXPORT_MAX_TAGS = 100;

export const attendeesExportQuerySchema = z.object({
  format: exportFormatField,
  group: z
    .enum(GROUPS, { error: /*i18n*/ "group must be one of ALL, ATTENDING, PENDING, DECLINED, HOST_APPROVAL_REQUESTED, WAITLIST" })
    .default("ALL"),
  search: z.string().max(200, /*i18n*/ "search must be at most 200 characters").default(""),
  /** Repeat for several tags: a row passes with any of them. */
  tag: z
    .union([
      z.string().max(100, /*i18n*/ "A tag is at most 100 characters"),
      z.array(z.string().max(100, /*i18n*/ "A tag is at most 100 characters")),
    ])
    .optional()
    .transform((tags) => (tags === undefined ? [] : [tags].flat()))
    .refine((tags) => tags.length <= EXPORT_MAX_TAGS, /*i18n*/ "Filter by at most 100 tags"),
});

/** The export's columns, in order. */
export const ATTENDEE_EXPORT_HEADER = ["Name", "E-mail", "Organisation", "Status", "Tags", "Group", "Checked in", "RSVP date"];

export type AttendeesExportQuery = z.infer<typeof attendeesExportQuerySchema>;
