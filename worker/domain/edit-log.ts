import { ORGANISER_ONLY_FIELDS, type ChangeSubject } from "@worker/shared/notify-kinds";
import { excerpt, type ChangeEntry } from "./change-log";

// The organisers' edits no guest acts on (docs/exports-and-history.md): a rename, a subtitle, a description, a picture,
// the experience's privacy, RSVP type and capacity, an activity's attendance, places, groups and sign-up window. Logged with the edit's own batch like every change, under a
// digest of their own (HISTORY_ONLY_DIGEST) so no digest, push or 'What changed' ever takes them: the History panel
// alone tells them, with the old and new value.

type OrganiserField = (typeof ORGANISER_ONLY_FIELDS)[number];

type Edited = Partial<Record<OrganiserField, unknown>>;

const textOf = (value: unknown) => (typeof value === "string" ? excerpt(value) : value);

/** Values compare by what they say (a picture by an upload's id or an outside image's address; a moment by time and zone). */
const key = (value: unknown) => (value == null ? null : JSON.stringify(value));

/**
 * The rows of an edit to a subject (an experience, a day, an activity): one per organiser-only field sent that changed,
 * old → new (a picture: null → null, 'Cover image changed'). Fields not sent (undefined) are not compared.
 */
export function editChanges(
  subject: { type: Extract<ChangeSubject, "experience" | "day" | "activity">; id: string; label: string; programId?: string | null },
  before: Edited,
  after: Edited,
): ChangeEntry[] {
  return ORGANISER_ONLY_FIELDS.flatMap((field): ChangeEntry[] => {
    if (after[field] === undefined) return [];
    const [from, to] = [before[field] ?? null, after[field] ?? null];
    if (key(from) === key(to)) return [];
    const picture = field === "image";
    return [
      {
        kind: "itinerary",
        subjectType: subject.type,
        subjectId: subject.id,
        field,
        label: subject.label,
        oldValue: picture ? null : textOf(from),
        newValue: picture ? null : textOf(to),
        recipientId: null,
        urgent: false,
        programId: subject.programId ?? null,
      },
    ];
  });
}
