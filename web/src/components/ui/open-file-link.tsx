/** "Open": a file in a new tab, named for a screen reader by the file's name. */
export function OpenFileLink({ href, name, className }: { href: string; name: string; className: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`Open ${name}`} className={className}>
      Open
    </a>
  );
}
