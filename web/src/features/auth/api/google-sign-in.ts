import { useMutation } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { session } from "@web/lib/session";

/** Signs in (or up) with the credential Google Identity Services handed over. Its failures are shown by the button. */
export function useGoogleSignIn() {
  return useMutation({
    mutationFn: (credential: string) => data(client.auth.gauth.$post({ json: { credential } })),
    onSuccess: (answer) => session.signIn(answer),
  });
}
