import { Avatar } from "@web/components/ui/avatar";
import { UserText } from "@web/components/ui/user-text";
import { useOtherOrganisers, usePresence } from "@web/lib/presence";

/**
 * Who is here now, in the event's header: '3 viewing' for everyone the room counts, and, for organisers, the other
 * organisers' avatars (ringed while they edit), each naming them on hover and focus. Its row keeps its height before the
 * room has spoken, so nothing below moves when it does.
 */
export function PresenceStrip({ eventId }: { eventId: string }) {
  const presence = usePresence(eventId);
  const organisers = useOtherOrganisers(eventId);
  return (
    <div className="mt-2 flex h-8 items-center gap-2 text-sm text-slate-600" data-testid="presence-strip">
      {organisers.length > 0 && (
        <ul aria-label="Organisers here" className="flex -space-x-1">
          {organisers.map((organiser) => {
            const label = `${organiser.name}${organiser.editing ? " (editing)" : ""}`;
            return (
              <li key={organiser.userId} className="group relative">
                <span
                  role="img"
                  tabIndex={0}
                  aria-label={label}
                  className={`block rounded-full ring-2 focus:ring-brand-500 focus:outline-none ${organiser.editing ? "ring-amber-400" : "ring-white"}`}
                >
                  <Avatar src={organiser.avatar} name={organiser.name} className="size-7" />
                </span>
                <span
                  role="tooltip"
                  className="invisible absolute top-full left-0 z-10 mt-1 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white group-focus-within:visible group-hover:visible"
                >
                  <UserText>{organiser.name}</UserText>
                  {organiser.editing ? " · editing" : ""}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {presence && <span>{presence.viewers} viewing</span>}
    </div>
  );
}
