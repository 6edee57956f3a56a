import { Fragment } from "react";
import { Avatar } from "@web/components/ui/avatar";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { intlLocale } from "@worker/shared/locales";
import type { Person } from "@worker/shared/views.schema";

const fullName = (person: Person) => `${person.firstName} ${person.lastName}`.trim();

/** The pictures shown overlapping; the names are all written out beside them. */
const AVATARS_SHOWN = 4;

/**
 * 'Hosted by Maya Host, Hal Cohost and Ana Lima' with their pictures: the owner first, then the co-hosts in the order they
 * were made. The pictures are decoration (the names say who); each name is isolated user text.
 */
export function HostsList({ owner, hosts, className = "" }: { owner: Person; hosts: Person[]; className?: string }) {
  const i18n = useI18n();
  const people = [owner, ...hosts.filter((host) => host.guid !== owner.guid)];
  // The names joined as the language joins a list ('A, B and C', 'A、B和C'); English without the serial comma.
  const locale = intlLocale(i18n.locale);
  const parts = new Intl.ListFormat(locale === "en" ? "en-GB" : locale, { type: "conjunction" }).formatToParts(people.map((p) => p.guid));
  const byGuid = new Map(people.map((person) => [person.guid, person]));
  const names = (
    <>
      {parts.map((part, index) => {
        const person = part.type === "element" ? byGuid.get(part.value) : undefined;
        return person ? (
          <UserText key={person.guid} className="font-medium text-slate-900">
            {fullName(person)}
          </UserText>
        ) : (
          <Fragment key={`literal-${index}`}>{part.value}</Fragment>
        );
      })}
    </>
  );
  return (
    <div className={`flex items-center gap-2 text-sm text-slate-600 ${className}`}>
      <span className="flex shrink-0 -space-x-0.5">
        {people.slice(0, AVATARS_SHOWN).map((person) => (
          <Avatar key={person.guid} src={person.profilePic?.thumbnail} name={fullName(person)} className="size-8 ring-2 ring-white" />
        ))}
      </span>
      <p className="min-w-0">
        <Trans id="Hosted by <0/>" components={{ 0: names }} />
      </p>
    </div>
  );
}
