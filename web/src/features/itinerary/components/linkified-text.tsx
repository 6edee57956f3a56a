import { ExternalLink } from "@web/components/ui/external-link";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import { linkifyParts, telHref } from "../linkify";

const CALL_QUESTION = /*i18n*/ "Do you want to call this number?";

/**
 * Text with its links and phone numbers made clickable, each asking first as the spec says. A link shows its parsed address,
 * the one it goes to, never the raw text, isolated left to right (`<bdi dir="ltr">`): a right-to-left override just before it
 * cannot draw `https://evil.example/…` so that it reads as another host. The whole text is bidi-isolated (UserText).
 */
export function LinkifiedText({ text }: { text: string }) {
  const i18n = useI18n();
  return (
    <UserText>
      {linkifyParts(text).map((part, i) => {
        if (part.kind === "url")
          return (
            <ExternalLink key={i} href={part.href} className="text-brand-700 underline">
              <bdi dir="ltr">{part.href}</bdi>
            </ExternalLink>
          );
        if (part.kind === "phone")
          return (
            <a
              key={i}
              href={telHref(part.text)}
              className="text-brand-700 underline"
              onClick={(e) => !window.confirm(i18n._(CALL_QUESTION)) && e.preventDefault()}
            >
              {part.text}
            </a>
          );
        return <span key={i}>{part.text}</span>;
      })}
    </UserText>
  );
}
