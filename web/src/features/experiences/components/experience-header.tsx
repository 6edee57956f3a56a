import { useState, type ReactNode } from "react";
import { CalendarLink } from "@web/components/calendar-link/calendar-link";
import { HostsList } from "@web/components/hosts-list/hosts-list";
import { SelectImageModal } from "@web/components/select-image-modal/select-image-modal";
import { SettingsIcon } from "@web/components/ui/icons";
import { Picture } from "@web/components/ui/picture";
import { TitleAndSubtitle } from "@web/components/ui/title-and-subtitle";
import { UserText } from "@web/components/ui/user-text";
import { VenueLine } from "@web/components/venue-line/venue-line";
import { calendarUrl } from "@web/lib/calendar-links";
import { formatDateRange } from "@web/lib/dates";
import { dayCount } from "@web/lib/experience-words";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { useLinkExperienceImage } from "../api/link-experience-image";
import { useUploadExperienceImage } from "../api/upload-experience-image";
import { CloneDialog } from "./clone-dialog";
import { ExperienceNameField } from "./experience-name-field";
import { PresenceStrip } from "./presence-strip";
import { SettingsPanel } from "./settings-panel";
import { ShareModal } from "./share-modal";

/** The class of the header's calendar actions: 'Add to calendar', and 'Subscribe to calendar' beside it (features/calendar). */
export const CALENDAR_ACTION =
  "inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-3 font-semibold whitespace-nowrap text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 md:min-h-9";

/**
 * The experience's header on its page: the cover (with manage mode's Share, Clone, Cover image, History and Settings), the
 * name, dates, venue and description, its organisers, and the calendar links.
 */
export function ExperienceHeader({
  event,
  manage,
  afterDelete,
  notify,
  subscribe,
  history,
}: {
  event: ExperienceDetail;
  manage: boolean;
  afterDelete: string;
  /** Beside the calendar link: 'Notify me' (features/notifications). */
  notify?: ReactNode;
  /** Beside the calendar link, for the experience's people: 'Subscribe to calendar', their own feed (features/calendar). */
  subscribe?: ReactNode;
  /** Manage mode's 'History' on the cover: who changed what and when (features/history). */
  history?: ReactNode;
}) {
  const i18n = useI18n();
  const [panel, setPanel] = useState<"share" | "clone" | "settings" | "cover" | null>(null);
  // Editing controls belong to manage mode only: the view route is the guests' page.
  const uploadCover = useUploadExperienceImage(event.id);
  const linkCover = useLinkExperienceImage(event.id);

  const action =
    "inline-flex items-center justify-center gap-1.5 rounded-lg bg-white/90 px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-white max-sm:min-h-11 max-sm:min-w-11";
  return (
    // Not overflow-hidden: the 'Notify me' panel opens below the header, over the page.
    <header className="mb-4 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {/* The guests' page gives the first screen to what is next: the cover shrinks to a band (a strip on a phone). */}
      <div
        className={`relative w-full overflow-hidden rounded-t-2xl bg-gradient-to-br from-brand-600 via-indigo-500 to-fuchsia-500 ${manage ? "aspect-[16/6] min-h-40" : "h-20 sm:h-36 lg:h-44"}`}
      >
        {event.image && <Picture src={event.image.original} name={event.name} alt="" className="absolute inset-0 size-full object-cover" />}
        <PresenceStrip eventId={event.id} />
        <div className="absolute inset-x-3 top-3 flex flex-wrap justify-end gap-2">
          {manage && (
            <button type="button" className={action} onClick={() => setPanel("share")}>
              {i18n._("Share")}
            </button>
          )}
          {manage && event.isOwner && (
            <button type="button" className={action} onClick={() => setPanel("clone")}>
              {i18n._("Clone")}
            </button>
          )}
          {manage && (
            <button type="button" className={action} onClick={() => setPanel("cover")}>
              {i18n._("Cover image")}
            </button>
          )}
          {manage && history}
          {manage && (
            <button type="button" className={action} onClick={() => setPanel("settings")} aria-label={i18n._("Settings")}>
              <SettingsIcon />
            </button>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3 p-5 max-sm:p-4">
        <div className="min-w-0 flex-1 basis-64">
          <TitleAndSubtitle
            as="h1"
            size="page"
            name={event.name}
            subtitle={event.subtitle}
            subtitleClassName="mt-0.5"
            heading={
              manage ? (
                <h1>
                  <ExperienceNameField eventId={event.id} name={event.name} />
                </h1>
              ) : undefined
            }
          />
          <p className="mt-1 text-sm text-slate-600">
            {formatDateRange(event.startTime, event.endTime, event.timeZone)} · {dayCount(event.programs.length)}
            {event.privacy === "PRIVATE" && (
              <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{i18n._("Private")}</span>
            )}
          </p>
          <VenueLine venue={event.venue} className="mt-1" />
          {event.description && <Description text={event.description} />}
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <HostsList owner={event.owner} hosts={event.hosts} />
          {notify}
          <CalendarLink href={calendarUrl(event.id)} className={CALENDAR_ACTION} />
          {/* The person's own feed (every experience they own, host or attend): offered to the experience's people. */}
          {(event.isOwner || event.isHost || event.isGuest) && subscribe}
        </div>
      </div>
      {panel === "share" && <ShareModal eventId={event.id} experienceName={event.name} onClose={() => setPanel(null)} />}
      {panel === "clone" && (
        <CloneDialog
          eventId={event.id}
          experienceName={event.name}
          initialPrivacy={event.privacy}
          timeZone={event.timeZone}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === "settings" && <SettingsPanel event={event} afterDelete={afterDelete} onClose={() => setPanel(null)} />}
      {panel === "cover" && (
        <SelectImageModal
          title={i18n._("Cover image")}
          errors="toast"
          onClose={() => setPanel(null)}
          onUpload={(file) => uploadCover.mutateAsync(file)}
          onPick={(image) => linkCover.mutateAsync(image)}
        />
      )}
    </header>
  );
}

/** Longer than this, a phone shows the description's first lines and a 'Show more' (the first screen is for what is next). */
const LONG_DESCRIPTION = 140;

function Description({ text }: { text: string }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_DESCRIPTION;
  return (
    <>
      <UserText as="p" className={`mt-2 text-sm whitespace-pre-line text-slate-700 ${long && !open ? "max-sm:line-clamp-2" : ""}`}>
        {text}
      </UserText>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="min-h-11 text-sm font-medium text-brand-700 hover:underline sm:hidden"
        >
          {open ? i18n._("Show less") : i18n._("Show more")}
        </button>
      )}
    </>
  );
}
