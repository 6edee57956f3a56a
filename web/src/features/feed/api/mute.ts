import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { feedKeys } from "@web/lib/queries/query-keys";
import type { FeedReports } from "@worker/features/feed/moderation.schema";
import type { Person } from "@worker/shared/views.schema";

const nameOf = (person: Person) => `${person.firstName} ${person.lastName}`.trim();

/** Mutes a participant in the feed or unmutes them (the owner and hosts): the 'Reported' list shows it at once. */
export function useMute(eventId: string) {
  const queryClient = useQueryClient();
  const key = feedKeys.reports(eventId);
  return useMutation({
    mutationFn: ({ person, muted }: { person: Person; muted: boolean }) =>
      data(client.api.feeds[":eventId"].mutes[":userId"].$put({ param: { eventId, userId: person.guid }, json: { muted } })),
    onMutate: async ({ person, muted }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<FeedReports>(key);
      queryClient.setQueryData<FeedReports>(
        key,
        (now) =>
          now && {
            subjects: now.subjects.map((s) => (s.author.guid === person.guid ? { ...s, authorMuted: muted } : s)),
            muted: muted ? [...now.muted.filter((p) => p.guid !== person.guid), person] : now.muted.filter((p) => p.guid !== person.guid),
          },
      );
      return { before };
    },
    onSuccess: (_, { person, muted }) =>
      toast.success(
        muted
          ? i18n._("{name} is muted in this feed", { name: nameOf(person) })
          : i18n._("{name} can post again", { name: nameOf(person) }),
      ),
    onError: (error, _, context) => {
      queryClient.setQueryData(key, context?.before);
      toast.error(errorMessage(error));
    },
  });
}
