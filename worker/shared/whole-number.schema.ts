import { z } from "zod";

/** A whole number from min to max read from a query string; every way it can be wrong answers the one message. */
export const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
