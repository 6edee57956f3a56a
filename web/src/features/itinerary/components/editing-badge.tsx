import { UserText } from "@web/components/ui/user-text";
import { useOtherOrganisers } from "@web/hooks/use-presence";
import { Trans } from "@web/lib/trans";

/** On an activity's card in manage mode: '{name} is editing' while another organiser has its edit form open. */
export function EditingBadge({ eventId, activityId }: { eventId: string; activityId: string }) {
  const editors = useOtherOrganisers(eventId).filter((organiser) => organiser.editing === activityId);
  if (editors.length === 0) return null;
  return (
    <span className="mt-1 inline-flex max-w-full items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
      <span aria-hidden>✎</span>
      <span className="truncate">
        <Trans
          id="{count, plural, one {<0/> is editing} other {<0/> are editing}}"
          values={{ count: editors.length }}
          components={{
            0: (
              <>
                {editors.map((editor, i) => (
                  <span key={editor.userId}>
                    {i > 0 && ", "}
                    <UserText>{editor.name}</UserText>
                  </span>
                ))}
              </>
            ),
          }}
        />
      </span>
    </span>
  );
}
