// Shared with the web: both typed clients (the web's and the Worker tests') go through it.

/** The calls of Hono's client that take `{ param }` and build a URL from it. */
const CALLS = new Set(["$get", "$post", "$put", "$patch", "$delete", "$url", "$ws"]);

type Call = (args?: { param?: Record<string, unknown> }, ...rest: unknown[]) => unknown;

function encoded(args: Parameters<Call>[0]): Parameters<Call>[0] {
  if (!args?.param) return args;
  return {
    ...args,
    param: Object.fromEntries(Object.entries(args.param).map(([name, value]) => [name, encodeURIComponent(String(value))])),
  };
}

/**
 * Hono's `hc` client writes path params into the URL as they are given, so an id holding `/`, `?` or `#` would reach
 * another route. Wrapped in this, every call percent-encodes its params: a param is always exactly one path segment.
 */
export function encodingPathParams<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, key) {
      const child: unknown = Reflect.get(target, key);
      if (typeof key !== "string" || (typeof child !== "function" && (typeof child !== "object" || child === null))) return child;
      if (CALLS.has(key)) return (args: Parameters<Call>[0], ...rest: unknown[]) => (child as Call)(encoded(args), ...rest);
      return encodingPathParams(child as object);
    },
  });
}
