import { Tabs, type TabIds } from "@web/components/ui/tabs";
import { useI18n } from "@web/lib/i18n";
import { GROUP_LABEL, GROUPS, type Group } from "@worker/shared/attendee-groups";
import { intlLocale } from "@worker/shared/locales";

/** The organisers' groups, each with how many people of the filtered list it holds. */
export function GroupTabs({
  current,
  counts,
  onChange,
  ids,
  waitlist,
}: {
  current: Group;
  /** Whether the Waitlist tab shows: the experience has a capacity, or someone waits. */
  waitlist: boolean;
  counts: Record<Group, number>;
  onChange: (group: Group) => void;
  ids: TabIds<Group>;
}) {
  const i18n = useI18n();
  // Each count in the page's language's digits.
  const count = new Intl.NumberFormat(intlLocale(i18n.locale));
  const tabs = GROUPS.filter((group) => group !== "WAITLIST" || waitlist).map((group) => ({
    id: group,
    label: i18n._(GROUP_LABEL[group]),
    badge: count.format(counts[group]),
  }));
  return <Tabs label={i18n._("Attendee groups")} variant="pills" tabs={tabs} selected={current} onSelect={onChange} ids={ids} />;
}
