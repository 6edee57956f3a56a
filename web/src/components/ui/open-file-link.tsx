import { useI18n } from "@web/lib/i18n";

/** "Open": a file in a new tab, named for a screen reader by the file's name. */
export function OpenFileLink({ href, name, className }: { href: string; name: string; className: string }) {
  const i18n = useI18n();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={i18n._("Open {name}", { name })} className={className}>
      {/* 'Open' alone is also the open way to join (experience-words.ts), an adjective in most languages: the select tells them apart. */}
      {i18n._("{target, select, file {Open} other {Open}}", { target: "file" })}
    </a>
  );
}
