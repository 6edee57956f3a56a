import { Link } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { authPanel } from "@web/lib/auth-panel";
import { useI18n } from "@web/lib/i18n";

/** A reset link that cannot set a password, said before anyone types one, with the way to a fresh link. */
export function UnusableResetLink({ reason }: { reason: string }) {
  const i18n = useI18n();
  return (
    <div className="mt-6 space-y-4">
      <p role="alert" className="rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-700">
        {reason}
      </p>
      <p className="text-sm text-slate-600">
        {i18n._("A reset link works once, for an hour. Ask for a new one and use the newest e-mail.")}
      </p>
      <Button className="w-full" onClick={() => authPanel.open("forgot-password")}>
        {i18n._("Request a new link")}
      </Button>
      <p className="text-center text-sm">
        <Link to="/" className="font-semibold text-brand-700 hover:text-brand-800">
          {i18n._("Back to home")}
        </Link>
      </p>
    </div>
  );
}
