import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { client, data } from "@web/lib/api-client";
import type { UnsubscribeChoice } from "@worker/features/unsubscribe/unsubscribe.schema";

const choiceKey = (token: string) => ["unsubscribe", token] as const;

/** What the invitation's address receives; a link the server did not sign fails with its reason (400). */
export const invitationChoiceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: choiceKey(token),
    queryFn: () => data(client.oapi.unsubscribe.$get({ query: { token } })),
    retry: false,
  });

/**
 * Saves both choices at once. The choice is shown from the click itself (React state, so a controlled checkbox never
 * flips back while the save is on its way) until its answer replaces it; a failed save shows the stored choice again.
 */
export function useChooseInvitations(token: string) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<UnsubscribeChoice | null>(null);
  const mutation = useMutation({
    mutationFn: (choice: UnsubscribeChoice) => data(client.oapi.unsubscribe.$put({ query: { token }, json: choice })),
    onSuccess: (status) => queryClient.setQueryData(choiceKey(token), status),
    // Only the latest choice's answer stops showing it: an earlier save landing after a later click changes nothing.
    onSettled: (_status, _error, choice) => setShown((current) => (current === choice ? null : current)),
  });
  const choose = (choice: UnsubscribeChoice) => {
    setShown(choice);
    mutation.mutate(choice);
  };
  return { shown, choose, error: mutation.error };
}
