import { Fragment } from "react";
import { Avatar } from "@web/components/ui/avatar";
import { UserText } from "@web/components/ui/user-text";
import type { Person } from "@worker/shared/views.schema";

const fullName = (person: Person) => `${person.firstName} ${person.lastName}`.trim();

/** The pictures shown overlapping; the names are all written out beside them. */
const AVATARS_SHOWN = 4;

/**
 * 'Hosted by Maya Host, Hal Cohost and Ana Lima' with their pictures: the owner first, then the co-hosts in the order they
 * were made. The pictures are decoration (the names say who); each name is isolated user text.
 */
export function HostsList({ owner, hosts, className = "" }: { owner: Person; hosts: Person[]; className?: string }) {
  const people = [owner, ...hosts.filter((host) => host.guid !== owner.guid)];
  return (
    <div className={`flex items-center gap-2 text-sm text-slate-600 ${className}`}>
      <span className="flex shrink-0 -space-x-0.5">
        {people.slice(0, AVATARS_SHOWN).map((person) => (
          <Avatar key={person.guid} src={person.profilePic?.thumbnail} name={fullName(person)} className="size-8 ring-2 ring-white" />
        ))}
      </span>
      <p className="min-w-0">
        Hosted by{" "}
        {people.map((person, index) => (
          <Fragment key={person.guid}>
            {index === 0 ? "" : index === people.length - 1 ? " and " : ", "}
            <UserText className="font-medium text-slate-900">{fullName(person)}</UserText>
          </Fragment>
        ))}
      </p>
    </div>
  );
}
