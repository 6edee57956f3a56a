import type { MiddlewareHandler } from "hono";
import { describeRoute, resolver, uniqueSymbol, type ResponsesWithResolver } from "hono-openapi";
import type { ZodType } from "zod";
import type { AppEnv } from "@worker/env";
import { errorSchema } from "@worker/shared/views.schema";

// One contract: each route states its responses with the zod schemas its handler returns. The same
// statement feeds the OpenAPI document and, in the Worker tests, checks every answer against it.

const ERROR_DESCRIPTIONS = {
  400: "The input is invalid; `error` names the problem",
  401: "Not signed in, or the session has ended",
  403: "Signed in without the right to do this",
  404: "Not found, or not visible to the caller",
  409: "Conflicts with the current state",
  411: "The body was sent without its Content-Length",
  413: "The upload is too large",
  416: "The range asked lies past the end of the file; Content-Range states its size",
  415: "The body is not of the media type this operation reads",
  426: "A WebSocket upgrade is required",
  429: "Too many attempts; try again later",
  502: "An outside service (image search, places, the AI model) failed",
  504: "The work took longer than its time limit and was stopped",
} as const;
type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** Statuses the document adds to operations by rule (invalid input, no session under /api, another media type, too large a JSON body). */
const ALWAYS_DOCUMENTED = new Set([400, 401, 413, 415]);

/** A response that is not JSON (an image, a file, an HTML page, a WebSocket upgrade). */
interface RawResponse {
  /** One media type, or several the operation chooses between (a query parameter picks the file format). */
  contentType: string | string[];
  description: string;
}

/** A response without a body (304 Not Modified). */
interface EmptyResponse {
  empty: true;
  description: string;
}

export interface OperationSpec {
  summary: string;
  tags: string[];
  description?: string;
  /** Success responses by status: a zod schema for JSON, a raw media type, or no body. */
  responses: Record<number, ZodType | RawResponse | EmptyResponse>;
  /**
   * Error statuses this operation answers on purpose as `{ error }`, besides 400 for invalid input and 401 under /api; a
   * status `responses` gives a body of its own keeps that body.
   */
  errors?: ErrorStatus[];
  /** Extra request documentation (headers, non-JSON bodies), merged into the operation. */
  extra?: Record<string, unknown>;
}

const isRaw = (value: ZodType | RawResponse | EmptyResponse): value is RawResponse => "contentType" in value;
const isEmpty = (value: ZodType | RawResponse | EmptyResponse): value is EmptyResponse => "empty" in value;

/** Documents an operation, and in tests (CONTRACT_CHECK) verifies each answer against what it documents. */
export function describe(spec: OperationSpec): MiddlewareHandler<AppEnv> {
  const responses: ResponsesWithResolver = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    if (isEmpty(response)) responses[status] = { description: response.description };
    else if (isRaw(response))
      responses[status] = {
        description: response.description,
        content: Object.fromEntries([response.contentType].flat().map((type) => [type, { schema: { type: "string", format: "binary" } }])),
      };
    else responses[status] = { description: "Success", content: { "application/json": { schema: resolver(response) } } };
  }
  // An error status the operation answers with a body of its own (a conflict naming what changed) keeps that body.
  for (const status of (spec.errors ?? []).filter((error) => !(error in spec.responses))) {
    responses[status] = { description: ERROR_DESCRIPTIONS[status], content: { "application/json": { schema: resolver(errorSchema) } } };
  }
  const documented = describeRoute({ summary: spec.summary, tags: spec.tags, description: spec.description, responses, ...spec.extra });

  const checked: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.env.CONTRACT_CHECK !== "on") return;
    const problem = await contractProblem(spec, c.res);
    if (problem) {
      const message = `${c.req.method} ${c.req.routePath}: ${problem}`;
      console.error(`Contract broken: ${message}`);
      c.res = new Response(JSON.stringify({ error: `Contract broken: ${message}` }), {
        status: 500,
        headers: { "Content-Type": "application/json" },
      });
    }
  };
  return Object.assign(checked, { [uniqueSymbol]: (documented as unknown as Record<symbol, unknown>)[uniqueSymbol] });
}

/** What the operations of one route file share: their tag, and the error statuses most of them answer. */
interface SharedSpec {
  tags: string[];
  errors?: ErrorStatus[];
}

/** An operation's own statement under a `describer`: its `errors`, when given, replace the shared ones. */
export type OwnSpec = Omit<OperationSpec, "tags">;

/** `describe` for one route file: each operation states only what it does not share with the file's others. */
export const describer =
  (shared: SharedSpec) =>
  (spec: OwnSpec): MiddlewareHandler<AppEnv> =>
    describe({ ...shared, ...spec });

async function contractProblem(spec: OperationSpec, res: Response): Promise<string | null> {
  if (res.status === 101) return null;
  const documented = spec.responses[res.status];
  if (documented) {
    if (isRaw(documented)) return null;
    if (isEmpty(documented)) return res.body === null ? null : `the ${res.status} answer has a body`;
    const body: unknown = await res
      .clone()
      .json()
      .catch(() => undefined);
    const parsed = documented.safeParse(body);
    if (parsed.success) {
      const extra = undocumentedField(body, parsed.data);
      return extra === null ? null : `the ${res.status} answer has a field its schema does not list: ${extra}`;
    }
    const issue = parsed.error.issues[0];
    return `the ${res.status} answer does not match its schema at ${issue?.path.join(".") || "(root)"}: ${issue?.message}`;
  }
  if (res.status < 400) return `status ${res.status} is not documented`;
  if (res.status >= 500 && !spec.errors?.includes(res.status as ErrorStatus)) return `answered ${res.status}`;
  if (!ALWAYS_DOCUMENTED.has(res.status) && !spec.errors?.includes(res.status as ErrorStatus))
    return `error ${res.status} is not documented`;
  if (!(res.headers.get("Content-Type") ?? "").startsWith("application/json")) return `error ${res.status} is not JSON`;
  const parsed = errorSchema.safeParse(
    await res
      .clone()
      .json()
      .catch(() => null),
  );
  return parsed.success ? null : `error ${res.status} is not { error: string }`;
}

/** The path of a field the answer carries but its schema dropped (zod objects strip unknown keys), or null. */
function undocumentedField(answer: unknown, kept: unknown, path = ""): string | null {
  if (Array.isArray(answer) && Array.isArray(kept)) {
    for (let i = 0; i < answer.length; i++) {
      const found = undocumentedField(answer[i], kept[i], `${path}${i}.`);
      if (found) return found;
    }
    return null;
  }
  if (!answer || typeof answer !== "object" || !kept || typeof kept !== "object") return null;
  for (const [key, value] of Object.entries(answer)) {
    if (!(key in kept)) return `${path}${key}`;
    const found = undocumentedField(value, (kept as Record<string, unknown>)[key], `${path}${key}.`);
    if (found) return found;
  }
  return null;
}

/**
 * `extra` documenting a form body as multipart/form-data too, beside the media type its validator names (a one-click
 * unsubscribe reads both).
 */
export const multipartToo = (schema: ZodType) => ({
  requestBody: { required: true, content: { "multipart/form-data": { schema: resolver(schema) } } },
});
