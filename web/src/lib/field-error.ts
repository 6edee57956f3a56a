import type { ZodType } from "zod";

/** The message the route's own schema gives for a field's value (its first problem), or undefined when it passes. */
export const fieldError = (schema: ZodType, value: unknown): string | undefined => schema.safeParse(value).error?.issues[0]?.message;
