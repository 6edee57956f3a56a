import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";
import { itineraryKeys } from "./keys";
import { activityEndpoint, type ActivityRef } from "./update-activity";

/** What an organiser does to an activity's list: add a guest (over a time clash when allowed), remove, promote, move. */
export type SignupChange =
  | { action: "add"; userId: string; allowOverlap: boolean }
  | { action: "remove"; userId: string }
  | { action: "promote"; userId: string }
  | { action: "move"; userId: string; position: number };

const send = (ref: ActivityRef, change: SignupChange) => {
  const person = { param: { ...ref, userId: change.userId } };
  const list = activityEndpoint.signups;
  switch (change.action) {
    case "add":
      return data(list.$post({ param: ref, json: { userId: change.userId, allowOverlap: change.allowOverlap } }));
    case "remove":
      return data(list[":userId"].$delete(person));
    case "promote":
      return data(list[":userId"].promote.$post(person));
    case "move":
      return data(list[":userId"].position.$put({ ...person, json: { position: change.position } }));
  }
};

/** Owner and hosts change who holds a place and who waits; the list shows the server's answer, the event page its counts. */
export function useChangeSignups(ref: ActivityRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SignupChange) => send(ref, change),
    onSuccess: async (list) => {
      queryClient.setQueryData(itineraryKeys.signups(ref.activityId), list);
      await queryClient.invalidateQueries({ queryKey: experienceKeys.detail(ref.eventId) });
    },
    onError: (error) => toast.error(errorMessage(error, i18n._("Failed to update the sign-ups"))),
  });
}
