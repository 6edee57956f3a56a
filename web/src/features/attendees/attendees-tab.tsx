import type { I18n } from "@lingui/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { useTabIds } from "@web/components/ui/tabs";
import { useExperienceTab } from "@web/hooks/use-experience-tab";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { useCurrentUser } from "@web/lib/session";
import { inGroup, matchesSearch, matchesTags, type Group } from "@worker/shared/attendee-groups";
import { attendeesQueryOptions } from "./api/get-attendees";
import { canSelect, countByGroup, SELECTABLE_GROUPS, tagsOf } from "./attendee-groups";
import { AttendeeList } from "./components/attendee-list";
import { AttendeesExport } from "./components/attendees-export";
import { ChosenTags } from "./components/chosen-tags";
import { GroupActions } from "./components/group-actions";
import { GroupTabs } from "./components/group-tabs";
import { PendingInvitationMenu } from "./components/pending-invitation-menu";
import { SelectAll } from "./components/select-all";
import { TagFilter } from "./components/tag-filter";
import { Waitlist } from "./components/waitlist";
import { InviteGuestsModal } from "./invite/invite-guests-modal";

/**
 * Spec 2 §2: search, 'Filter by Tags', and in manage mode the owner's and hosts' groups, checkboxes, actions and
 * Invite Guests. On the view route they preview the list a guest reads.
 */
export function AttendeesTab() {
  const i18n = useI18n();
  const { event, canEdit } = useExperienceTab();
  const selfGuid = useCurrentUser()?.guid;
  // Out of manage mode the server answers as it answers a guest, so the preview cannot show more than guests see.
  const list = useQuery(attendeesQueryOptions(event.id, canEdit ? undefined : "guest"));
  const [query, setQuery] = useState("");
  const [chosenTags, setTags] = useState<Set<string>>(() => new Set());
  const [chosenGroup, setGroup] = useState<Group>("ALL");
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [inviting, setInviting] = useState(false);
  const tabIds = useTabIds<Group>();

  const group = canEdit ? chosenGroup : "ALL";
  const attendees = useMemo(() => list.data ?? [], [list.data]);
  const allTags = useMemo(() => tagsOf(attendees), [attendees]);
  // A chosen tag that a refetch took off every row is dropped, or the filter would hide everyone for good.
  const tags = useMemo(() => new Set(allTags.filter((tag) => chosenTags.has(tag))), [allTags, chosenTags]);
  if (tags.size !== chosenTags.size) setTags(tags);
  const filtered = useMemo(() => attendees.filter((a) => matchesSearch(a, query) && matchesTags(a, tags)), [attendees, query, tags]);
  const counts = useMemo(() => countByGroup(filtered), [filtered]);
  const visible = useMemo(() => filtered.filter((a) => inGroup(group, a.status)), [filtered, group]);
  const selectable = useMemo(() => visible.filter((a) => canSelect(a, { canEdit, selfGuid, group })), [visible, canEdit, selfGuid, group]);
  // Actions apply to what is ticked and still in view (a search may hide a ticked row).
  const ticked = selectable.filter((a) => selected.has(a.id));

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const changeGroup = (next: Group) => {
    setGroup(next);
    setSelected(new Set());
  };
  const column = canEdit && SELECTABLE_GROUPS.includes(group);
  const going = attendees.filter((a) => a.status === "YES").length;
  const waitlist = event.capacity !== null || attendees.some((a) => a.status === "WAITLISTED");

  return (
    <section aria-label={i18n._("Attendees")} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          aria-label={i18n._("Search attendees")}
          placeholder={canEdit ? i18n._("Search by name, email or organisation") : i18n._("Search by name or organisation")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="h-10 min-w-0 flex-1 basis-40 rounded-lg border border-slate-300 bg-white px-3 text-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
        />
        <TagFilter tags={allTags} chosen={tags} onChange={setTags} />
        {canEdit && <AttendeesExport eventId={event.id} shown={{ group, search: query, tags: [...tags] }} />}
        {canEdit && (
          <Button className="h-10" onClick={() => setInviting(true)}>
            {i18n._("Invite Guests")}
          </Button>
        )}
      </div>
      {canEdit && <GroupTabs current={group} counts={counts} onChange={changeGroup} ids={tabIds} waitlist={waitlist} />}
      {tags.size > 0 && <ChosenTags tags={[...tags]} onClear={() => setTags(new Set())} />}
      <div {...(canEdit ? tabIds.panelProps(group) : {})} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
        {canEdit && group !== "ALL" && group !== "WAITLIST" && (
          <div className="flex h-12 items-center justify-between gap-3 border-b border-slate-200 px-3">
            {column ? (
              <SelectAll
                total={selectable.length}
                chosen={ticked.length}
                onChange={(all) => setSelected(new Set(all ? selectable.map((a) => a.id) : []))}
              />
            ) : (
              <span />
            )}
            <GroupActions eventId={event.id} group={group} selected={ticked} onDone={() => setSelected(new Set())} />
          </div>
        )}
        {list.isPending ? (
          <div className="grid h-40 place-items-center">
            <Spinner label={i18n._("Loading attendees")} />
          </div>
        ) : list.isError ? (
          <div className="p-8 text-center text-sm text-slate-600">
            <p>{errorMessage(list.error)}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
              {i18n._("Try again")}
            </Button>
          </div>
        ) : visible.length === 0 ? (
          <p className="p-10 text-center text-sm font-medium text-slate-600">
            {emptyText(i18n, attendees.length, query.trim() !== "" || tags.size > 0, group)}
          </p>
        ) : group === "WAITLIST" ? (
          <Waitlist eventId={event.id} capacity={event.capacity} going={going} waiting={visible} />
        ) : (
          <AttendeeList
            attendees={visible}
            column={column}
            canSelect={(a) => canSelect(a, { canEdit, selfGuid, group })}
            selected={selected}
            onToggle={toggle}
            rowMenu={canEdit && group === "PENDING" ? (a) => <PendingInvitationMenu eventId={event.id} attendee={a} /> : undefined}
          />
        )}
      </div>
      {canEdit && <InviteGuestsModal eventId={event.id} open={inviting} onClose={() => setInviting(false)} />}
    </section>
  );
}

function emptyText(i18n: I18n, total: number, filtering: boolean, group: Group) {
  if (total === 0) return i18n._("No Attendees Yet");
  if (filtering) return i18n._("No attendees match your search");
  return group === "ALL" ? i18n._("No Attendees Yet") : i18n._("No attendees in this group");
}
