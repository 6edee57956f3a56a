import { useMutation } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { session } from "@web/lib/session";
import type { SigninInput } from "@worker/features/auth/auth.schema";

/** Signs in with an e-mail address or mobile number and a password. Its failures are shown by the form. */
export function useSignIn() {
  return useMutation({
    mutationFn: (request: SigninInput) => data(client.auth.signin.$post({ json: request })),
    onSuccess: (answer) => session.signIn(answer),
  });
}
