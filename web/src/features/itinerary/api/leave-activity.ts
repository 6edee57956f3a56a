import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { withPlaces } from "./sign-up";
import { activityEndpoint, type ActivityRef } from "./update-activity";

/** Gives up the reader's place (or their place on the waitlist): 'You left {name}'. */
export function useLeaveActivity(ref: ActivityRef, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(activityEndpoint.signup.$delete({ param: ref })),
    onSuccess: async (signup) => {
      queryClient.setQueryData<ExperienceDetail>(experienceKeys.detail(ref.eventId), (detail) =>
        withPlaces(detail, ref.activityId, signup),
      );
      toast.success(i18n._("You left {name}", { name }));
      await queryClient.invalidateQueries({ queryKey: experienceKeys.detail(ref.eventId) });
    },
    onError: (error) => toast.error(errorMessage(error, i18n._("Failed to leave"))),
  });
}
