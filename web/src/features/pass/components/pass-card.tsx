import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { EnvelopeIcon, ExpandIcon } from "@web/components/ui/icons";
import { UserText } from "@web/components/ui/user-text";
import { useLiveMessages } from "@web/hooks/use-live";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { formatTimeInZone } from "@worker/shared/time-zone";
import { passQueryOptions } from "../api/get-pass";
import { useMailPass } from "../api/mail-pass";
import { passKeys } from "../api/pass-keys";
import { FullScreenPass } from "./full-screen-pass";
import { svgSource } from "./pass-face";

type PassExperience = Pick<ExperienceDetail, "id" | "name" | "isGuest" | "timeZone">;

// One row as high as the RSVP row above it, and its placeholder too: nothing under it moves when the pass arrives, and
// the first screen stays the 'Next up' card's. On a phone the buttons show their icons (their names stay the same).
const ROW = "mb-4 flex h-14 items-center gap-2 sm:gap-3 rounded-2xl border border-slate-200 bg-white px-3 shadow-sm";
const ACTION = "shrink-0 px-3 max-sm:px-0";

/**
 * 'Your pass' on the event page of a guest who is attending (not in manage mode): the QR code the gate scans, the name
 * on it, when they were admitted, 'Show full screen' and 'E-mail me my pass'. A live `pass.changed` (admitted,
 * reissued) reads it again.
 */
export function PassCard({ event, manage }: { event: PassExperience; manage: boolean }) {
  if (manage || !event.isGuest) return null;
  return <AttendingPass event={event} />;
}

function AttendingPass({ event }: { event: PassExperience }) {
  const i18n = useI18n();
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
      <section aria-label={i18n._("Your pass")} className={ROW}>
        <div role="status" aria-label={i18n._("Loading your pass")} className="h-10 flex-1 animate-pulse rounded-lg bg-slate-100" />
      </section>
    );
  // Not attending after all (a decline landing meanwhile): the row goes with the RSVP.
  if (pass.isError && pass.error instanceof ApiError && pass.error.status === 404) return null;
  if (pass.isError)
    return (
      <section aria-label={i18n._("Your pass")} className={ROW}>
        <p role="alert" className="line-clamp-2 text-sm text-rose-700">
          {errorMessage(pass.error)}
        </p>
      </section>
    );

  const { qrSvg, name, checkedInAt } = pass.data;
  const qrSrc = svgSource(qrSvg);
  const status = checkedInAt
    ? i18n._("Checked in {time}", { time: formatTimeInZone(Date.parse(checkedInAt), event.timeZone) })
    : i18n._("Show it at the entrance");
  const statusLine = <p className={`text-xs ${checkedInAt ? "font-medium text-emerald-700" : "text-slate-600"}`}>{status}</p>;
  return (
    <section aria-label={i18n._("Your pass")} className={ROW}>
      <img src={qrSrc} alt={i18n._("Your pass QR code")} className="size-11 shrink-0 [image-rendering:pixelated]" />
      <div className="min-w-0 flex-1 [&>p]:truncate">
        <UserText as="p" className="text-sm font-semibold text-slate-900">
          {name}
        </UserText>
        {statusLine}
      </div>
      <Button onClick={() => setFullScreen(true)} className={ACTION}>
        <ExpandIcon className="size-5 sm:hidden" />
        <span className="max-sm:sr-only">{i18n._("Show full screen")}</span>
      </Button>
      <Button variant="secondary" onClick={() => mail.mutate()} disabled={mail.isPending} className={ACTION}>
        <EnvelopeIcon className="size-5 sm:hidden" />
        <span className="max-sm:sr-only">{i18n._("E-mail me my pass")}</span>
      </Button>
      {fullScreen && (
        <FullScreenPass
          qrSrc={qrSrc}
          name={name}
          detail={
            <>
              <UserText as="p" className="text-sm text-slate-600">
                {event.name}
              </UserText>
              {checkedInAt && statusLine}
            </>
          }
          onClose={() => setFullScreen(false)}
        />
      )}
    </section>
  );
}
