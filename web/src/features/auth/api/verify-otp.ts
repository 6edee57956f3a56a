import { useMutation } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import type { VerifyOtpInput } from "@worker/features/auth/auth.schema";

/** Checks the 6-digit code. Its failures are shown by the step. */
export function useVerifyOtp() {
  return useMutation({ mutationFn: (request: VerifyOtpInput) => data(client.oapi.otp.verify.$post({ json: request })) });
}
