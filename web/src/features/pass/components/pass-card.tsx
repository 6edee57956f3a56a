import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { EventDetail } from "@worker/features/events/events.schema";
import { formatTimeInZone } from "@worker/shared/time-zone";
import { Button } from "@web/components/ui/button";
import { UserText } from "@web/components/ui/user-text";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { useLiveMessages } from "@web/lib/live";
import { passQueryOptions } from "../api/get-pass";
import { useMailPass } from "../api/mail-pass";
import { passKeys } from "../api/pass-keys";
import { FullScreenPass } from "./full-screen-pass";
import { svgSource } from "./pass-face";

type PassEvent = Pick<EventDetail, "id" | "name" | "isGuest" | "timeZone">;

// The card's size is fixed (the QR code's square beside two lines, the buttons under them), and its placeholder has the
// same: nothing under it moves when the pass arrives.
const CARD =
  "mb-4 grid h-[13.5rem] grid-cols-[7rem_1fr] grid-rows-[7rem_auto] gap-x-4 gap-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:h-[11.5rem] sm:grid-cols-[9rem_1fr] sm:grid-rows-[1fr_auto]";

/**
 * 'Your pass' on the event page of a guest who is attending (not in manage mode): the QR code the gate scans, the name
 * on it, when they were admitted, 'Show full screen' and 'E-mail me my pass'. A live `pass.changed` (admitted,
 * reissued) reads it again.
 */
export function PassCard({ event, manage }: { event: PassEvent; manage: boolean }) {
  if (manage || !event.isGuest) return null;
  return <AttendingPass event={event} />;
}

function AttendingPass({ event }: { event: PassEvent }) {
  const queryClient = useQueryClient();
  const pass = useQuery(passQueryOptions(event.id));
  const mail = useMailPass(event.id);
  const [fullScreen, setFullScreen] = useState(false);
  useLiveMessages(event.id, (notice) => {
    if (notice.type === "pass.changed" || notice.type === "rsvp.changed")
      void queryClient.invalidateQueries({ queryKey: passKeys.mine(event.id) });
  });

  if (pass.isPending)
    return (
      <section aria-label="Your pass" className={CARD}>
        <div
          role="status"
          aria-label="Loading your pass"
          className="col-span-2 row-span-2 size-full animate-pulse rounded-lg bg-slate-100"
        />
      </section>
    );
  // Not attending after all (a decline landing meanwhile): the card goes with the RSVP.
  if (pass.isError && pass.error instanceof ApiError && pass.error.status === 404) return null;
  if (pass.isError)
    return (
      <section aria-label="Your pass" className={`${CARD} place-items-center`}>
        <p role="alert" className="col-span-2 text-sm text-rose-700">
          {errorMessage(pass.error)}
        </p>
      </section>
    );

  const { qrSvg, name, checkedInAt } = pass.data;
  const qrSrc = svgSource(qrSvg);
  return (
    <section aria-label="Your pass" className={CARD}>
      <img src={qrSrc} alt="Your pass QR code" className="size-full [image-rendering:pixelated] sm:row-span-2" />
      <div className="min-w-0 self-center overflow-hidden">
        <h2 className="text-sm font-medium text-slate-600">Your pass</h2>
        <UserText as="p" className="line-clamp-2 text-base font-semibold break-words text-slate-900">
          {name}
        </UserText>
        <p className={`mt-1 text-sm ${checkedInAt ? "font-medium text-emerald-700" : "text-slate-600"}`}>
          {checkedInAt ? `Checked in ${formatTimeInZone(Date.parse(checkedInAt), event.timeZone)}` : "Show it at the entrance"}
        </p>
      </div>
      <div className="col-span-2 grid grid-cols-2 gap-2 sm:col-span-1 sm:flex sm:self-end">
        <Button onClick={() => setFullScreen(true)} className="px-3">
          Show full screen
        </Button>
        <Button variant="secondary" onClick={() => mail.mutate()} disabled={mail.isPending} className="px-3">
          E-mail me my pass
        </Button>
      </div>
      {fullScreen && (
        <FullScreenPass
          qrSrc={qrSrc}
          name={name}
          detail={
            <UserText as="p" className="text-sm text-slate-600">
              {event.name}
            </UserText>
          }
          onClose={() => setFullScreen(false)}
        />
      )}
    </section>
  );
}
