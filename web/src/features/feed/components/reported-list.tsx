import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@web/components/ui/button";
import { CaretDownIcon } from "@web/components/ui/icons";
import { Spinner } from "@web/components/ui/spinner";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { MODERATION_MESSAGES, type ReportedSubject } from "@worker/features/feed/moderation.schema";
import { intlLocale } from "@worker/shared/locales";
import { useDismissReports } from "../api/dismiss-reports";
import { reportsQueryOptions } from "../api/get-reports";
import { useModerateComment } from "../api/moderate-comment";
import { useModeratePost } from "../api/moderate-post";
import { useMute } from "../api/mute";
import { TimeAgo } from "./time-ago";

const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** One post or comment reported: what it says, by whom, how often and why, and what an organiser may do about it. */
function ReportedItem({ eventId, subject }: { eventId: string; subject: ReportedSubject }) {
  const i18n = useI18n();
  const hidePost = useModeratePost(eventId);
  const hideComment = useModerateComment(eventId, subject.postId);
  const dismiss = useDismissReports(eventId);
  const mute = useMute(eventId);
  const author = nameOf(subject.author);
  const hide = () =>
    subject.commentId
      ? hideComment.mutate({ commentId: subject.commentId, hidden: !subject.hidden })
      : hidePost.mutate({ postId: subject.postId, hidden: !subject.hidden });
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 p-3">
      <p className="text-sm text-slate-600">
        {subject.kind === "post" ? (
          <Trans
            id="{count, plural, one {Post by <0>{author}</0> · # report} other {Post by <0>{author}</0> · # reports}}"
            values={{ count: subject.count, author }}
            components={{ 0: <UserText className="font-semibold text-slate-900" /> }}
          />
        ) : (
          <Trans
            id="{count, plural, one {Comment by <0>{author}</0> · # report} other {Comment by <0>{author}</0> · # reports}}"
            values={{ count: subject.count, author }}
            components={{ 0: <UserText className="font-semibold text-slate-900" /> }}
          />
        )}
        {subject.hidden && (
          <span className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            {i18n._(MODERATION_MESSAGES.hiddenLabel)}
          </span>
        )}
      </p>
      {subject.text && (
        <UserText as="p" className="line-clamp-3 text-sm break-words whitespace-pre-wrap text-slate-800">
          {subject.text}
        </UserText>
      )}
      <ul className="space-y-1 text-sm text-slate-700" aria-label={i18n._("Reasons")}>
        {subject.reports.map((report) => (
          <li key={report.reporter.guid}>
            <UserText className="break-words">{report.reason}</UserText>{" "}
            <span className="text-slate-500">{i18n._("— {name},", { name: nameOf(report.reporter) })} </span>
            <TimeAgo iso={report.createdAt} />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="px-3 py-1.5" onClick={hide}>
          {subject.hidden ? i18n._("Restore") : i18n._("Hide")}
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => dismiss.mutate(subject.subjectId)}>
          {i18n._("Dismiss reports")}
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          onClick={() => mute.mutate({ person: subject.author, muted: !subject.authorMuted })}
        >
          {subject.authorMuted ? i18n._("Unmute {name}", { name: author }) : i18n._("Mute {name}", { name: author })}
        </Button>
      </div>
    </li>
  );
}

/** The organisers' 'Reported' list above the feed: a button with the count that opens the posts and comments reported. */
export function ReportedList({ eventId }: { eventId: string }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const reports = useQuery(reportsQueryOptions(eventId));
  const listId = useId();
  const count = reports.data?.subjects.length ?? 0;
  return (
    <section aria-label={i18n._("Reported")} className="mb-4 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((now) => !now)}
        className="flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-start text-sm font-semibold text-slate-900 hover:bg-slate-50"
      >
        <span className="flex items-center gap-2">
          {i18n._("Reported")}
          <span
            className={`inline-grid min-w-6 place-items-center rounded-full px-1.5 text-xs ${count > 0 ? "bg-rose-600 text-white" : "bg-slate-100 text-slate-600"}`}
            aria-label={i18n._("{count} reported", { count })}
          >
            {reports.isPending ? "…" : new Intl.NumberFormat(intlLocale(i18n.locale)).format(count)}
          </span>
        </span>
        <CaretDownIcon className={`size-5 text-slate-500 transition ${open ? "rotate-180" : ""}`} />
      </button>
      {open && (
        <div id={listId} className="border-t border-slate-100 px-4 pt-3 pb-4">
          {reports.isPending && <Spinner label={i18n._("Loading reports")} className="size-5" />}
          {reports.isError && (
            <p role="alert" className="text-sm text-rose-700">
              {i18n._("Error loading reports")}
            </p>
          )}
          {reports.data && count === 0 && <p className="text-sm text-slate-600">{i18n._("Nothing is reported.")}</p>}
          {count > 0 && (
            <ul className="space-y-3">
              {reports.data?.subjects.map((subject) => (
                <ReportedItem key={subject.subjectId} eventId={eventId} subject={subject} />
              ))}
            </ul>
          )}
          {reports.data && reports.data.muted.length > 0 && (
            <p className="mt-3 text-sm text-slate-600">
              {i18n._("Muted: {names}", {
                names: new Intl.ListFormat(intlLocale(i18n.locale), { type: "unit" }).format(reports.data.muted.map(nameOf)),
              })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
