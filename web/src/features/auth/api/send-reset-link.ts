import { useMutation } from "@tanstack/react-query";
import { sendResetLink } from "../../../lib/reset-link";

/** 'E-mail me a reset link instead'. Its failures are shown by the step; a click beyond the client's limit fails with a RateLimitError. */
export function useSendResetLink() {
  return useMutation({ mutationFn: sendResetLink });
}
