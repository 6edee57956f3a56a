import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { FormError } from "@web/components/ui/field";
import { Spinner } from "@web/components/ui/spinner";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { resetLinkQueryOptions } from "./api/check-reset-link";
import { REDIRECT_AFTER_RESET_MS, ResetPasswordForm } from "./components/reset-password-form";
import { UnusableResetLink } from "./components/unusable-reset-link";

/**
 * Spec 1 §2 and §4: set a new password from an e-mailed link. The link is checked first, so an unknown, used or
 * expired one is said before anyone types a password; without an id the page says 'Invalid reset link' and goes home.
 */
export function ResetPasswordPage() {
  const i18n = useI18n();
  const { resetPasswordId } = useParams();

  const title = i18n._("Reset password");
  useEffect(() => {
    document.title = `${title} · Experiences`;
  }, [title]);

  return (
    <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{i18n._("Reset your password")}</h1>
      {resetPasswordId ? <CheckedLink resetPasswordId={resetPasswordId} /> : <MissingLink />}
    </div>
  );
}

function CheckedLink({ resetPasswordId }: { resetPasswordId: string }) {
  const i18n = useI18n();
  const link = useQuery(resetLinkQueryOptions(resetPasswordId));
  if (link.isPending) {
    return (
      <div className="mt-6 flex items-center gap-3 text-sm text-slate-600">
        <Spinner label={i18n._("Checking your reset link")} className="size-5" />
        <span aria-hidden>{i18n._("Checking your reset link...")}</span>
      </div>
    );
  }
  // Only the server's 'no' stops the form: if the check itself could not be made, the reset will say.
  if (link.error instanceof ApiError && link.error.status === 404) return <UnusableResetLink reason={errorMessage(link.error)} />;
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">{i18n._("Choose a new password of at least 8 characters.")}</p>
      <ResetPasswordForm resetPasswordId={resetPasswordId} />
    </>
  );
}

function MissingLink() {
  const i18n = useI18n();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/", { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="mt-6">
      <FormError>{i18n._("Invalid reset link")}</FormError>
    </div>
  );
}
