import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { SignupView } from "@worker/shared/signup.schema";
import { activityEndpoint, type ActivityRef } from "./update-activity";

/** The event page's copy with this activity's places as the server answered them, until the refetch lands. */
export const withPlaces = (detail: ExperienceDetail | undefined, activityId: string, signup: SignupView) =>
  detail && {
    ...detail,
    programs: detail.programs.map((day) => ({
      ...day,
      activities: day.activities.map((activity) => (activity.id === activityId ? { ...activity, signup } : activity)),
    })),
  };

/** Signs the reader up: 'You're signed up', or "You're #3 on the waitlist"; a refusal says why (the server's words). */
export function useSignUp(ref: ActivityRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(activityEndpoint.signup.$post({ param: ref })),
    onSuccess: async (signup) => {
      queryClient.setQueryData<ExperienceDetail>(experienceKeys.detail(ref.eventId), (detail) =>
        withPlaces(detail, ref.activityId, signup),
      );
      toast.success(
        signup.mine?.status === "WAITING"
          ? i18n._("You're #{position} on the waitlist", { position: signup.mine.position ?? 1 })
          : i18n._("You're signed up"),
      );
      await queryClient.invalidateQueries({ queryKey: experienceKeys.detail(ref.eventId) });
    },
    onError: (error) => toast.error(errorMessage(error, i18n._("Failed to sign up"))),
  });
}
