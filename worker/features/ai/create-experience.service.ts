import type { Db } from "@worker/db/client";
import { activities, events, files, programs } from "@worker/db/schema";
import { IMAGE_MESSAGE } from "@worker/domain/itinerary-images";
import type { Bindings } from "@worker/env";
import type { CreateExperienceInput } from "@worker/features/experiences/experiences.schema";
import { chunkedInserts } from "@worker/lib/batch";
import { IMAGE_TYPES, putFile, readUpload, type Upload } from "@worker/lib/files";
import { i18nFor } from "@worker/lib/i18n";
import { PDF_INFLATION_CAP } from "@worker/lib/pdf/inflation-cap";
import { SOURCE_LOCALE } from "@worker/shared/locales";
import { addDays, daysBetween, instantAtOrAfterGap } from "@worker/shared/time-zone";
import { PDF_TEXT_CAPS } from "./agenda/pdf-text";
import { GENERATION_TIME_LIMIT_MS, type GeneratedExperience, generateItinerary } from "./generators/generate-itinerary";
import type { GeneratedActivity } from "./generators/generator";

/** The operation's description in the API document, stated from the limits the code applies. */
export const CREATE_DESCRIPTION = [
  "One day per date of the range.",
  "In AI mode (the default) the days and their activities are generated from `prompt` and the PDF sent as `file`:",
  `the text of its first ${PDF_TEXT_CAPS.pages} pages, at most ${PDF_TEXT_CAPS.characters.toLocaleString("en")} characters, is read.`,
  "The prompt is optional when a PDF is attached; a file that is not a PDF, or a PDF without readable text, is refused,",
  `and so is one whose streams decode to more than ${PDF_INFLATION_CAP / 1024 / 1024} MB, before it is read.`,
  `A generation that takes more than ${GENERATION_TIME_LIMIT_MS / 1000} s, the PDF's reading included, is stopped (504);`,
  "nothing is created unless the itinerary is.",
  "Otherwise the file is the cover image.",
].join(" ");

/**
 * The New Experience form. In AI mode the file is the PDF the itinerary is generated from (the web uploads a
 * cover separately, once the experience exists); otherwise it is the cover image. The itinerary is generated
 * before anything is written, then stored in the same batch as the experience, so a refusal, a failure or a
 * stopped generation leaves nothing behind.
 */
export async function createExperience(env: Bindings, db: Db, ownerId: string, input: CreateExperienceInput) {
  if (input.isAIMode) return createEvent(env, db, ownerId, input, null, await generateItinerary(env, input));
  const cover = input.file ? await readUpload(input.file, IMAGE_TYPES, IMAGE_MESSAGE) : null;
  return createEvent(env, db, ownerId, input, cover);
}

/**
 * Creates the experience with one day per local date in [startDate, endDate), in one D1 batch with a generated
 * itinerary's description, days and activities (a day it leaves out stays empty); a cover upload is stored under
 * the new event.
 */
export async function createEvent(
  env: Bindings,
  db: Db,
  ownerId: string,
  input: Pick<
    CreateExperienceInput,
    "name" | "privacy" | "rsvpType" | "startTime" | "endTime" | "startDate" | "endDate" | "timeZone" | "language"
  >,
  cover: Upload | null,
  { days: itinerary, description }: GeneratedExperience = { days: [], description: "" },
) {
  const id = crypto.randomUUID();
  const { startTime, endTime, timeZone } = input;
  const days = daysBetween(input.startDate, input.endDate);
  const generated = new Map(itinerary.map((day) => [day.dayIndex, day]));
  // Unnamed days are named in the experience's language ('Día 2').
  const words = i18nFor(input.language ?? SOURCE_LOCALE);
  const dayRows = Array.from({ length: days }, (_, i) => ({
    id: crypto.randomUUID(),
    eventId: id,
    date: addDays(input.startDate, i),
    dayIndex: i,
    // The experience's language once it is given at creation (features/experiences/days.ts's dayName): English until then.
    name: generated.get(i)?.name ?? words._("Day {number}", { number: i + 1 }),
    subtitle: generated.get(i)?.subtitle ?? "",
    description: generated.get(i)?.description ?? "",
  }));
  const activityRows = dayRows.flatMap((day) =>
    (generated.get(day.dayIndex)?.activities ?? []).map((activity) => generatedActivityRow(day, activity, timeZone)),
  );
  const coverFile = cover ? await putFile(env, cover, { eventId: id, uploaderId: ownerId }) : null;
  try {
    await db.batch([
      db.insert(events).values({
        id,
        ownerId,
        name: input.name,
        description,
        language: input.language ?? SOURCE_LOCALE,
        privacy: input.privacy,
        rsvpType: input.rsvpType,
        startTime,
        endTime,
        timeZone,
        image: coverFile && { source: "UPLOAD", fileId: coverFile.id },
      }),
      ...chunkedInserts(db, programs, dayRows),
      ...chunkedInserts(db, activities, activityRows),
      ...(coverFile ? [db.insert(files).values(coverFile)] : []),
    ]);
  } catch (error) {
    if (coverFile) await env.FILES.delete(coverFile.key);
    throw error;
  }
  return {
    id,
    name: input.name,
    startTime: startTime.toISOString(),
    endTime: endTime.toISOString(),
    timeZone,
    privacy: input.privacy,
    rsvpType: input.rsvpType,
  };
}

/** A generated activity on its day: HH:mm times on the experience's clock on the day's local date (see instantAtOrAfterGap). */
function generatedActivityRow(
  day: { id: string; eventId: string; date: string },
  activity: GeneratedActivity,
  zone: string,
): typeof activities.$inferInsert {
  const start = instantAtOrAfterGap(day.date, activity.start, zone);
  // An end the clocks skipped past could land before a start they did not: it keeps the activity's length on the wall clock.
  const end = Math.max(instantAtOrAfterGap(day.date, activity.end, zone), start + msOfDay(activity.end) - msOfDay(activity.start));
  return {
    id: crypto.randomUUID(),
    eventId: day.eventId,
    programId: day.id,
    name: activity.name,
    subtitle: activity.subtitle,
    description: activity.description,
    location: activity.location || null,
    startTime: new Date(start),
    endTime: new Date(end),
  };
}

/** Ms since midnight of an HH:mm time. */
const msOfDay = (time: string) => Date.parse(`1970-01-01T${time}:00Z`);
