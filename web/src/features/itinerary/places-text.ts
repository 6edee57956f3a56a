import { i18n } from "@web/lib/i18n";
import type { ActivityView as Activity } from "@worker/shared/itinerary.schema";
import type { SignupView } from "@worker/shared/signup.schema";
import { formatDay, formatTimeInZone, localDate } from "@worker/shared/time-zone";

// How a sign-up activity's places read (docs/programme.md): on its card, in its details and on the share page.

/** Whether every place is taken, or someone already waits (a new sign-up then waits too). */
export const isFull = (signup: SignupView) => signup.capacity !== null && (signup.taken >= signup.capacity || signup.waiting > 0);

/** "You're signed up", "You're #3 on the waitlist", '12 of 40 places left', 'Full — join the waitlist', or '8 signed up'. */
export function placesText(signup: SignupView): string {
  if (signup.mine?.status === "IN") return i18n._("You're signed up");
  if (signup.mine?.status === "WAITING") return i18n._("You're #{position} on the waitlist", { position: signup.mine.position ?? 1 });
  if (signup.capacity === null) return i18n._("{count, plural, one {# signed up} other {# signed up}}", { count: signup.taken });
  if (isFull(signup)) return i18n._("Full — join the waitlist");
  const left = signup.capacity - signup.taken;
  return i18n._("{left, plural, one {# of {capacity} place left} other {# of {capacity} places left}}", {
    left,
    capacity: signup.capacity,
  });
}

/** The organisers' count on a card: '32 / 40 signed up · 3 waiting'. */
export function signedUpCount(signup: SignupView): string {
  const taken =
    signup.capacity === null
      ? i18n._("{count, plural, one {# signed up} other {# signed up}}", { count: signup.taken })
      : i18n._("{taken} / {capacity} signed up", { taken: signup.taken, capacity: signup.capacity });
  return signup.waiting > 0 ? i18n._("{taken} · {waiting} waiting", { taken, waiting: signup.waiting }) : taken;
}

export type Window = "before" | "open" | "closed";

/** Where the sign-up window stands now. */
export const windowOf = (signup: SignupView, now = Date.now()): Window =>
  signup.opensAt && now < Date.parse(signup.opensAt) ? "before" : now < Date.parse(signup.closesAt) ? "open" : "closed";

/** 'Signing up closes at 6:00 PM WET' (with its day when that is not the activity's), 'Signing up opens …', 'Signing up has closed'. */
export function windowText(activity: Activity, signup: SignupView, now = Date.now()): string {
  const zone = activity.timeZone;
  const when = (iso: string) => {
    const instant = Date.parse(iso);
    const day = localDate(instant, zone);
    const time = formatTimeInZone(instant, zone);
    return day === localDate(Date.parse(activity.startDateTime), zone) ? time : i18n._("{day} at {time}", { day: formatDay(day), time });
  };
  const window = windowOf(signup, now);
  if (window === "before") return i18n._("Signing up opens {when}", { when: when(signup.opensAt!) });
  if (window === "open") return i18n._("Signing up closes at {when}", { when: when(signup.closesAt) });
  return i18n._("Signing up has closed");
}

/** My agenda (docs/programme.md): the activities everyone attends, and the sign-up ones where the reader holds a place. */
export const inMyAgenda = (activity: Activity) => activity.attendance === "EVERYONE" || activity.signup?.mine?.status === "IN";
