import { useEffect, useRef, useState } from "react";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import type { Attendee } from "@worker/features/rsvp/rsvp.schema";
import { CONFIRM_OVER } from "@worker/features/rsvp/waitlist.schema";
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
  const i18n = useI18n();
  const move = useMoveOnWaitlist(eventId);
  const promote = usePromoteFromWaitlist(eventId);
  const [confirming, setConfirming] = useState<Attendee | null>(null);
  const queue = [...waiting].sort((a, b) => (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0));
  const last = Math.max(0, ...queue.map((a) => a.waitlistPosition ?? 0));
  const full = capacity !== null && going >= capacity;
  const busy = move.isPending || promote.isPending;
  // A moved row's arrow keeps the focus once the queue is read again (or the other arrow, at the top or the bottom).
  const list = useRef<HTMLOListElement>(null);
  const [moved, setMoved] = useState<{ id: string; direction: "up" | "down" } | null>(null);
  const order = queue.map((a) => a.id).join();
  useEffect(() => {
    if (!moved || busy) return;
    const arrows = [moved.direction, moved.direction === "up" ? "down" : "up"].map((d) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${moved.id}:${d}"]`),
    );
    arrows.find((arrow) => arrow && !arrow.disabled)?.focus();
  }, [moved, busy, order]);
  const moveTo = (id: string, position: number, direction: "up" | "down") => {
    setMoved({ id, direction });
    move.mutate({ rsvpId: id, position });
  };

  const promoteNow = (attendee: Attendee, overCapacity: boolean) =>
    promote.mutateAsync({ rsvpId: attendee.id, overCapacity, name: attendeeName(attendee) });

  return (
    <>
      <ol ref={list} aria-label={i18n._("Waitlist")}>
        {queue.map((attendee) => {
          const name = attendeeName(attendee);
          const position = attendee.waitlistPosition ?? 0;
          return (
            <li key={attendee.id} className="flex min-h-[72px] flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-3 py-2">
              <span
                className="w-8 shrink-0 text-sm font-semibold text-slate-700 tabular-nums"
                aria-label={i18n._("Position {position}", { position })}
              >
                #{position}
              </span>
              <Avatar src={attendee.user.profilePic?.thumbnail} name={name} className="size-9 max-sm:hidden" />
              <UserText className="min-w-0 flex-1 basis-40 truncate text-sm font-medium text-slate-900">{name}</UserText>
              {/* On a phone the controls take a line of their own, so the name is not cut to a few letters. */}
              <div className="ms-auto flex shrink-0 items-center gap-1">
                <button
                  type="button"
                  className={ARROW}
                  aria-label={i18n._("Move {name} up", { name })}
                  data-move={`${attendee.id}:up`}
                  disabled={busy || position <= 1}
                  onClick={() => moveTo(attendee.id, position - 1, "up")}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className={ARROW}
                  aria-label={i18n._("Move {name} down", { name })}
                  data-move={`${attendee.id}:down`}
                  disabled={busy || position >= last}
                  onClick={() => moveTo(attendee.id, position + 1, "down")}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <Button
                  variant="secondary"
                  className="px-3 py-1.5 max-sm:min-h-11"
                  aria-label={i18n._("Promote {name}", { name })}
                  disabled={busy}
                  onClick={() => (full ? setConfirming(attendee) : void promoteNow(attendee, false).catch(() => undefined))}
                >
                  {i18n._("Promote")}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {confirming && (
        <ConfirmDialog
          title={i18n._("Go over capacity?")}
          message={i18n._(CONFIRM_OVER, { capacity: capacity ?? 0 })}
          confirmLabel={i18n._("Promote")}
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
