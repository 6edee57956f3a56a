import { z } from "zod";

// Text a person can see. Shared with the web: its forms refuse the blank text the API refuses.

/**
 * Whitespace, control characters (NUL…) and the characters Unicode says to draw as nothing: zero-width spaces and
 * joiners, bidi marks, variation selectors, Hangul fillers; and the blank Braille pattern, which also shows nothing.
 */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** True when nothing in the text would show: it is empty, or only whitespace and invisible characters. */
export const isBlank = (text: string) => text.replace(INVISIBLE, "").length === 0;

/** A required text: trimmed, and refused with `message` when it is missing, not text, or blank. */
export const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((text) => !isBlank(text), message);

/** A lone surrogate: half of a UTF-16 pair, which no text can hold (a database would store it as something else). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** True when the text is well-formed Unicode. */
export const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);
