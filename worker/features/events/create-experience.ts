import type { Db } from "../../db/client";
import type { Bindings } from "../../env";
import { PDF_TEXT_CAPS } from "../../lib/ai/pdf-text";
import { IMAGE_TYPES, readUpload } from "../../lib/files";
import { IMAGE_MESSAGE } from "../../lib/itinerary/images";
import type { CreateEventInput } from "./events.schema";
import { createEvent } from "./events.service";
import { GENERATION_TIME_LIMIT_MS, generateItinerary } from "./generate-itinerary";

/** The operation's description in the API document, stated from the limits the code applies. */
export const CREATE_DESCRIPTION = [
  "One day per date of the range.",
  "In AI mode (the default) the days and their activities are generated from `prompt` and the PDF sent as `file`:",
  `the text of its first ${PDF_TEXT_CAPS.pages} pages, at most ${PDF_TEXT_CAPS.characters.toLocaleString("en")} characters, is read.`,
  "The prompt is optional when a PDF is attached; a file that is not a PDF, or a PDF without readable text, is refused.",
  `A generation that takes more than ${GENERATION_TIME_LIMIT_MS / 1000} s is stopped (504); nothing is created unless the itinerary is.`,
  "Otherwise the file is the cover image.",
].join(" ");

/**
 * The New Experience form. In AI mode the file is the PDF the itinerary is generated from (the web uploads a
 * cover separately, once the experience exists); otherwise it is the cover image. The itinerary is generated
 * before anything is written, then stored in the same batch as the experience, so a refusal, a failure or a
 * stopped generation leaves nothing behind.
 */
export async function createExperience(env: Bindings, db: Db, ownerId: string, input: CreateEventInput) {
  if (input.isAIMode) return createEvent(env, db, ownerId, input, null, await generateItinerary(env, input));
  const cover = input.file ? await readUpload(input.file, IMAGE_TYPES, IMAGE_MESSAGE) : null;
  return createEvent(env, db, ownerId, input, cover);
}
