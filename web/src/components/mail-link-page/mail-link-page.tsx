import { useEffect, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { FormError } from "@web/components/ui/field";
import { Spinner } from "@web/components/ui/spinner";
import { useI18n } from "@web/lib/i18n";

/**
 * The page a link in an e-mail opens without a sign-in (an invitation's unsubscribe, a notification's stop): a card
 * with its title, and what `children` makes of the link's signed token, or `badLink` when the link has none.
 */
export function MailLinkPage({ title, badLink, children }: { title: string; badLink: string; children: (token: string) => ReactNode }) {
  const [params] = useSearchParams();
  const token = params.get("token");

  useEffect(() => {
    document.title = `${title} · Experiences`;
  }, [title]);

  return (
    <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {token ? children(token) : <BadLink message={badLink} />}
    </div>
  );
}

/** Why the link cannot be used (altered, cut, or refused by the server), and the way home. */
export function BadLink({ message }: { message: string }) {
  const i18n = useI18n();
  return (
    <div className="mt-6 space-y-4">
      <FormError>{message}</FormError>
      <Link to="/" className="text-sm font-semibold text-brand-700 underline">
        {i18n._("Go to Experiences")}
      </Link>
    </div>
  );
}

/** While the server reads the link's token. */
export function CheckingLink() {
  const i18n = useI18n();
  return (
    <div className="mt-6 flex items-center gap-3 text-sm text-slate-600">
      <Spinner label={i18n._("Checking your link")} className="size-5" />
      <span aria-hidden>{i18n._("Checking your link...")}</span>
    </div>
  );
}
