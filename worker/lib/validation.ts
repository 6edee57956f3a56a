import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { ValidationTargets } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { uniqueSymbol, validator } from "hono-openapi";
import { z } from "zod";
import { isWellFormed } from "@worker/shared/visible-text";
import { AppError, badRequest } from "./errors";
import { issueValues, plainIssue } from "./plain-issue";

// Every rule a schema gives no message of its own fails in plain words, never in zod's ('Invalid input: expected …').
z.config({ customError: plainIssue });

// The OpenAPI document turns `z.instanceof(File)` (a custom type) into a binary string.
const JSON_SCHEMA_OPTIONS = {
  options: {
    unrepresentable: "any",
    override: (ctx: { zodSchema: { _zod: { def: { type: string } } }; jsonSchema: Record<string, unknown> }) => {
      if (ctx.zodSchema._zod.def.type === "custom") Object.assign(ctx.jsonSchema, { type: "string", format: "binary" });
    },
  },
};

const BODY_TYPES: Partial<Record<keyof ValidationTargets, { pattern: RegExp; name: string }>> = {
  json: { pattern: /^application\/([a-z0-9.+-]+\+)?json\b/i, name: "application/json" },
  form: { pattern: /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i, name: "multipart/form-data" },
};

const UNREADABLE: Partial<Record<keyof ValidationTargets, string>> = {
  json: /*i18n*/ "The body is not valid JSON",
  form: /*i18n*/ "The upload could not be read: send the files as multipart/form-data",
};

/** No JSON body the API reads comes near this; a larger one is refused before it is parsed. */
const JSON_BODY_LIMIT = 512 * 1024;
const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: () => {
    throw new AppError(413, /*i18n*/ "The request body is too large");
  },
});

/** D1 would store half a UTF-16 pair as something else than the text it was sent: refused, never changed. */
const MALFORMED_TEXT = /*i18n*/ "The text is not valid Unicode: it holds a lone surrogate";

/** True unless a string anywhere in the validated input is not well-formed Unicode. */
function wellFormed(value: unknown): boolean {
  if (typeof value === "string") return isWellFormed(value);
  if (Array.isArray(value)) return value.every(wellFormed);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).every(wellFormed);
  return true;
}

/**
 * Validates one part of the request with a zod schema and documents it in the OpenAPI document.
 * A failure is a 400 carrying the first rule's message, so the client can show it as is; a body of
 * another media type than the route reads is a 415, never silently read as empty. `media`: the body's media type as
 * documented and named in the 415, where it is not the target's usual one (a one-click form is
 * application/x-www-form-urlencoded, as RFC 8058 sends it; multipart is read too).
 */
export const validate = <S extends StandardSchemaV1, Target extends keyof ValidationTargets>(target: Target, schema: S, media?: string) => {
  const inner = validator(
    target,
    schema,
    (result) => {
      if (!result.success) {
        // The first rule's message, filled with its field and bound: a schema's 'at most {maximum} characters' says its rule's own.
        const issue = result.error[0];
        if (!issue) throw badRequest(/*i18n*/ "The request is not valid");
        throw badRequest(issue.message, issueValues(issue as unknown as Record<string, unknown>));
      }
      if (!wellFormed(result.data)) throw badRequest(MALFORMED_TEXT);
    },
    media ? { ...JSON_SCHEMA_OPTIONS, media } : JSON_SCHEMA_OPTIONS,
  );
  const body = BODY_TYPES[target];
  if (!body) return inner;
  const checked: typeof inner = async (c, next) => {
    if (!body.pattern.test(c.req.header("Content-Type") ?? ""))
      throw new AppError(415, /*i18n*/ "Send the body as {media}", { media: media ?? body.name });
    try {
      if (target !== "json") return await inner(c, next);
      // The validator's answer is the downstream response, already on the context.
      await jsonLimit(c, async () => {
        await inner(c, next);
      });
      return;
    } catch (error) {
      // Hono's own words for a body it cannot parse, said as the API says its other refusals.
      if (error instanceof HTTPException && error.status === 400 && error.message.startsWith("Malformed"))
        throw badRequest(UNREADABLE[target] ?? error.message);
      throw error;
    }
  };
  return Object.assign(checked, { [uniqueSymbol]: inner[uniqueSymbol as keyof typeof inner] });
};
