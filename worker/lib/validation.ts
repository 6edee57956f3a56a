import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { badRequest } from "./errors";

/** zValidator whose failure is a 400 carrying the first rule's message, so the client can show it as is. */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join(".");
      const message = issue?.message ?? "Invalid input";
      throw badRequest(field && message.startsWith("Invalid") ? `${field}: ${message}` : message);
    }
  });
