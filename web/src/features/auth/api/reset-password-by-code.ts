import { useMutation } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import type { ResetPasswordByOtpInput } from "@worker/features/auth/auth.schema";

/** A new password, once the code sent to the address was verified. Its failures are shown by the step. */
export function useResetPasswordByCode() {
  return useMutation({
    mutationFn: (request: ResetPasswordByOtpInput) => data(client.oapi.resetpasswordbyotpverification.$post({ json: request })),
  });
}
