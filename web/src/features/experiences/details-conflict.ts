import type { ConflictingField } from "@web/components/edit-conflict-dialog/edit-conflict-dialog";
import { i18n } from "@web/lib/i18n";
import type { ExperienceConflict } from "@worker/features/experiences/experiences.schema";
import type { ExperienceChange } from "./api/update-experience";

export type DetailsCurrent = NonNullable<ExperienceConflict["current"]>;

const LABELS: Record<keyof DetailsCurrent, string> = {
  name: /*i18n*/ "Name",
  subtitle: /*i18n*/ "Subtitle",
  description: /*i18n*/ "Description",
};

/** The experience's details a save met someone else's change on: theirs next to the editor's. */
export const detailsConflictFields = (current: DetailsCurrent, change: ExperienceChange): ConflictingField[] =>
  (Object.keys(LABELS) as (keyof DetailsCurrent)[]).flatMap((field) =>
    current[field] === undefined ? [] : [{ label: i18n._(LABELS[field]), theirs: current[field], mine: change[field] ?? "" }],
  );
