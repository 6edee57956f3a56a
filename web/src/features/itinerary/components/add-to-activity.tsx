import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Button } from "@web/components/ui/button";
import { SearchField } from "@web/components/ui/search-field";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import { attendeesQueryOptions } from "@web/lib/queries/attendees-query";
import type { SignupChange } from "../api/change-signups";

const MATCHES_SHOWN = 5;

/**
 * Owner and hosts add a guest going to the experience to an activity: a search over the guest list (those already in or
 * waiting left out), up to five matches each with 'Add', and the override for a time clash with their other sign-ups.
 */
export function AddToActivity({
  eventId,
  listed,
  busy,
  onAdd,
}: {
  eventId: string;
  /** Who is already in or waiting (user ids). */
  listed: Set<string>;
  busy: boolean;
  onAdd: (change: Extract<SignupChange, { action: "add" }>) => void;
}) {
  const i18n = useI18n();
  const guests = useQuery(attendeesQueryOptions(eventId));
  const [query, setQuery] = useState("");
  const [allowOverlap, setAllowOverlap] = useState(false);
  const clashId = useId();
  const matches = useMemo(() => {
    const words = query.trim().toLocaleLowerCase();
    if (!words) return [];
    return (guests.data ?? [])
      .filter((row) => row.status === "YES" && row.user.guid && !listed.has(row.user.guid))
      .filter((row) => `${row.user.firstName} ${row.user.lastName} ${row.user.emailId ?? ""}`.toLocaleLowerCase().includes(words))
      .slice(0, MATCHES_SHOWN);
  }, [guests.data, listed, query]);
  return (
    <section className="space-y-2">
      <SearchField
        label={i18n._("Add a guest")}
        value={query}
        onValue={setQuery}
        placeholder={i18n._("Name or e-mail of a guest who is going")}
      />
      {matches.length > 0 && (
        <ul aria-label={i18n._("Guests found")} className="space-y-1 text-sm">
          {matches.map(({ user }) => {
            const name = `${user.firstName} ${user.lastName}`.trim();
            return (
              <li key={user.guid} className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate">
                  <UserText>{name}</UserText> <span className="text-slate-500">{user.emailId}</span>
                </span>
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-label={i18n._("Add {name}", { name })}
                  onClick={() => onAdd({ action: "add", userId: user.guid!, allowOverlap })}
                >
                  {i18n._("Add")}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {query.trim() !== "" && matches.length === 0 && !guests.isPending && (
        <p className="text-sm text-slate-500">{i18n._("No guest going to the experience matches.")}</p>
      )}
      <label htmlFor={clashId} className="flex items-center gap-2 text-sm text-slate-700">
        <input id={clashId} type="checkbox" checked={allowOverlap} onChange={(e) => setAllowOverlap(e.target.checked)} />
        {i18n._("Add even if it clashes with their other sign-ups")}
      </label>
    </section>
  );
}
