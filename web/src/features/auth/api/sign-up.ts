import { useMutation } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { session } from "@web/lib/session";
import type { SignupInput } from "@worker/features/auth/auth.schema";

/** Creates the account and signs in with it at once. Its failures are shown by the form. */
export function useSignUp() {
  return useMutation({
    mutationFn: (request: SignupInput) => data(client.auth.signup.$post({ json: request })),
    onSuccess: (answer) => session.signIn(answer),
  });
}
