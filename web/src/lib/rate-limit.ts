export class RateLimitError extends Error {
  constructor(calls: number, perMs: number) {
    super(`Rate limit exceeded: ${calls} calls per ${perMs}ms`);
    this.name = "RateLimitError";
  }
}

/** Wraps a call so that at most `calls` run within any `perMs` window; extra calls fail with a RateLimitError. */
export function rateLimited<A extends unknown[], R>(fn: (...args: A) => Promise<R>, calls: number, perMs: number) {
  const times: number[] = [];
  return (...args: A): Promise<R> => {
    const now = Date.now();
    while (times.length && now - times[0]! >= perMs) times.shift();
    if (times.length >= calls) return Promise.reject(new RateLimitError(calls, perMs));
    times.push(now);
    return fn(...args);
  };
}
