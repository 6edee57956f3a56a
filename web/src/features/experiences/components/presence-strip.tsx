import { Avatar } from "@web/components/ui/avatar";
import { UserText } from "@web/components/ui/user-text";
import { useOtherOrganisers, usePresence } from "@web/hooks/use-presence";

/**
 * The others the room counts: every signed-in person once (however many tabs) and each anonymous page, less the reader,
 * whose own page is one of them. An anonymous reader's second tab still counts once (nothing tells two visitors apart).
 */
const othersViewing = (viewers: number) => {
  const others = Math.max(0, viewers - 1);
  return others === 0 ? null : `${others} ${others === 1 ? "other" : "others"} viewing`;
};

/**
 * Who else is here now, on the header's cover: '2 others viewing' (never counting the reader), and, for organisers, the
 * other organisers' avatars (ringed while they edit), each naming them on hover and focus. It lies over the cover's lower
 * corner, so it takes no room of its own (the guest's first screen stays theirs) and nothing moves when it appears.
 */
export function PresenceStrip({ eventId }: { eventId: string }) {
  const presence = usePresence(eventId);
  const organisers = useOtherOrganisers(eventId);
  const others = presence && othersViewing(presence.viewers);
  return (
    <div className="absolute bottom-2 left-3 flex items-center gap-2" data-testid="presence-strip">
      {presence && (others || organisers.length > 0) && (
        <div className="flex items-center gap-2 rounded-full bg-white/90 py-0.5 pr-3 pl-1 text-xs font-medium text-slate-800 shadow-sm">
          {organisers.length > 0 && (
            <ul aria-label="Organisers here" className="flex -space-x-0.5">
              {organisers.map((organiser) => (
                <li key={organiser.userId} className="group relative">
                  <span
                    role="img"
                    tabIndex={0}
                    aria-label={`${organiser.name}${organiser.editing ? " (editing)" : ""}`}
                    className={`block rounded-full ring-2 focus:ring-brand-500 focus:outline-none ${organiser.editing ? "ring-amber-400" : "ring-white"}`}
                  >
                    <Avatar src={organiser.avatar} name={organiser.name} className="size-6" />
                  </span>
                  <span
                    role="tooltip"
                    className="invisible absolute bottom-full left-0 z-10 mb-1 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white group-focus-within:visible group-hover:visible"
                  >
                    <UserText>{organiser.name}</UserText>
                    {organiser.editing ? " · editing" : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {others && <span className={organisers.length > 0 ? "" : "pl-2"}>{others}</span>}
        </div>
      )}
    </div>
  );
}
