import { useMutation } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import type { SendOtpInput } from "@worker/features/auth/auth.schema";

/** A code to the address: for registration, or PASSWORD_RESET for a reset. Its failures are shown by the step. */
export function useSendOtp() {
  return useMutation({ mutationFn: (request: SendOtpInput) => data(client.oapi.otp.$post({ json: request })) });
}
