import { ApiError, errorMessage, isNetworkError } from "@web/lib/api-client";

/**
 * A failed call's message: the server's own explanation of a refused request (such as an existing
 * account) is shown as is; anything else (network, server fault) gets the spec's message for the step.
 */
export function failureMessage(error: unknown, specMessage: string) {
  if (isNetworkError(error)) return errorMessage(error);
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return specMessage;
}
