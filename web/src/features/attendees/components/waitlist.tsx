import { useState } from "react";
import type { Attendee } from "@worker/features/rsvp/rsvp.schema";
import { WAITLIST_MESSAGES } from "@worker/features/rsvp/waitlist.schema";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { UserText } from "@web/components/ui/user-text";
import { useMoveOnWaitlist } from "../api/move-on-waitlist";
import { usePromoteFromWaitlist } from "../api/promote-from-waitlist";
import { attendeeName } from "../attendee-groups";

interface WaitlistProps {
  eventId: string;
  /** The experience's capacity (null: no limit) and how many are going, to know whether promoting goes over it. */
  capacity: number | null;
  going: number;
  /** The waiting guests shown (a search may hide some); their positions are the server's. */
  waiting: Attendee[];
}

const ARROW = "grid size-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40 max-sm:size-11";

/**
 * The organisers' Waitlist group (docs/waitlist.md): first in line first, each with their place; moved up or down with
 * buttons (so the keyboard does it too), promoted by hand. Promoting while the experience is full asks first: it goes over
 * the capacity.
 */
export function Waitlist({ eventId, capacity, going, waiting }: WaitlistProps) {
  const move = useMoveOnWaitlist(eventId);
  const promote = usePromoteFromWaitlist(eventId);
  const [confirming, setConfirming] = useState<Attendee | null>(null);
  const queue = [...waiting].sort((a, b) => (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0));
  const last = Math.max(0, ...queue.map((a) => a.waitlistPosition ?? 0));
  const full = capacity !== null && going >= capacity;
  const busy = move.isPending || promote.isPending;

  const promoteNow = (attendee: Attendee, overCapacity: boolean) =>
    promote.mutateAsync({ rsvpId: attendee.id, overCapacity, name: attendeeName(attendee) });

  return (
    <>
      <ol aria-label="Waitlist">
        {queue.map((attendee) => {
          const name = attendeeName(attendee);
          const position = attendee.waitlistPosition ?? 0;
          return (
            <li key={attendee.id} className="flex min-h-[72px] items-center gap-3 border-b border-slate-100 px-3">
              <span className="w-8 shrink-0 text-sm font-semibold text-slate-700 tabular-nums" aria-label={`Position ${position}`}>
                #{position}
              </span>
              <Avatar src={attendee.user.profilePic?.thumbnail} name={name} className="size-9 max-sm:hidden" />
              <UserText className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{name}</UserText>
              <div className="flex shrink-0 items-center gap-1">
                <button
                  type="button"
                  className={ARROW}
                  aria-label={`Move ${name} up`}
                  disabled={busy || position <= 1}
                  onClick={() => move.mutate({ rsvpId: attendee.id, position: position - 1 })}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className={ARROW}
                  aria-label={`Move ${name} down`}
                  disabled={busy || position >= last}
                  onClick={() => move.mutate({ rsvpId: attendee.id, position: position + 1 })}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <Button
                  variant="secondary"
                  className="px-3 py-1.5 max-sm:min-h-11"
                  aria-label={`Promote ${name}`}
                  disabled={busy}
                  onClick={() => (full ? setConfirming(attendee) : void promoteNow(attendee, false).catch(() => undefined))}
                >
                  Promote
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {confirming && (
        <ConfirmDialog
          title="Go over capacity?"
          message={WAITLIST_MESSAGES.confirmOver(capacity ?? 0)}
          confirmLabel="Promote"
          onConfirm={async () => {
            await promoteNow(confirming, true).catch(() => undefined);
            setConfirming(null);
          }}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
