import { Avatar } from "@web/components/ui/avatar";
import { UserText } from "@web/components/ui/user-text";
import { useOtherOrganisers, usePresence } from "@web/hooks/use-presence";
import { useI18n, type i18n as I18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";

/**
 * The others the room counts: every signed-in person once (however many tabs) and each anonymous page, less the reader,
 * whose own page is one of them. An anonymous reader's second tab still counts once (nothing tells two visitors apart).
 */
const othersViewing = (i18n: typeof I18n, viewers: number) => {
  const others = Math.max(0, viewers - 1);
  return others === 0 ? null : i18n._("{count, plural, one {# other viewing} other {# others viewing}}", { count: others });
};

/**
 * Who else is here now, on the header's cover: '2 others viewing' (never counting the reader), and, for organisers, the
 * other organisers' avatars (ringed while they edit), each naming them on hover and focus. It lies over the cover's lower
 * corner, so it takes no room of its own (the guest's first screen stays theirs) and nothing moves when it appears.
 */
export function PresenceStrip({ eventId }: { eventId: string }) {
  const i18n = useI18n();
  const presence = usePresence(eventId);
  const organisers = useOtherOrganisers(eventId);
  const others = presence && othersViewing(i18n, presence.viewers);
  return (
    <div className="absolute start-3 bottom-2 flex items-center gap-2" data-testid="presence-strip">
      {presence && (others || organisers.length > 0) && (
        <div className="flex items-center gap-2 rounded-full bg-white/90 py-0.5 ps-1 pe-3 text-xs font-medium text-slate-800 shadow-sm">
          {organisers.length > 0 && (
            <ul aria-label={i18n._("Organisers here")} className="flex -space-x-0.5">
              {organisers.map((organiser) => (
                <li key={organiser.userId} className="group relative">
                  <span
                    role="img"
                    tabIndex={0}
                    aria-label={organiser.editing ? i18n._("{name} (editing)", { name: organiser.name }) : organiser.name}
                    className={`block rounded-full ring-2 focus:ring-brand-500 focus:outline-none ${organiser.editing ? "ring-amber-400" : "ring-white"}`}
                  >
                    <Avatar src={organiser.avatar} name={organiser.name} className="size-6" />
                  </span>
                  <span
                    role="tooltip"
                    className="invisible absolute start-0 bottom-full z-10 mb-1 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white group-focus-within:visible group-hover:visible"
                  >
                    {organiser.editing ? (
                      <Trans id="<0>{name}</0> · editing" values={{ name: organiser.name }} components={{ 0: <UserText /> }} />
                    ) : (
                      <UserText>{organiser.name}</UserText>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {others && <span className={organisers.length > 0 ? "" : "ps-2"}>{others}</span>}
        </div>
      )}
    </div>
  );
}
