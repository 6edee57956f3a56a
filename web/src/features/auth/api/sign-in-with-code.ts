import { useMutation } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { session } from "@web/lib/session";
import type { CodeSigninInput } from "@worker/features/auth/auth.schema";

/** Signs in with a SIGNIN code, or makes the password-less account when a name comes with it. Its failures are shown by the form. */
export function useSignInWithCode() {
  return useMutation({
    mutationFn: (request: CodeSigninInput) => data(client.auth["email-code"].$post({ json: request })),
    onSuccess: (answer) => session.signIn(answer),
  });
}
