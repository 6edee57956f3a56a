import type { ConflictingField } from "@web/components/edit-conflict-dialog/edit-conflict-dialog";
import type { ExperienceConflict } from "@worker/features/experiences/experiences.schema";
import type { ExperienceChange } from "./api/update-experience";

export type DetailsCurrent = NonNullable<ExperienceConflict["current"]>;

const LABELS: Record<keyof DetailsCurrent, string> = { name: "Name", subtitle: "Subtitle", description: "Description" };

/** The experience's details a save met someone else's change on: theirs next to the editor's. */
export const detailsConflictFields = (current: DetailsCurrent, change: ExperienceChange): ConflictingField[] =>
  (Object.keys(LABELS) as (keyof DetailsCurrent)[]).flatMap((field) =>
    current[field] === undefined ? [] : [{ label: LABELS[field], theirs: current[field], mine: change[field] ?? "" }],
  );
