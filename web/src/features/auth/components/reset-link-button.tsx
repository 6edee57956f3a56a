import { errorMessage } from "@web/lib/api-client";
import { fieldError } from "@web/lib/field-error";
import { useI18n } from "@web/lib/i18n";
import { RateLimitError } from "@web/lib/rate-limit";
import { signupSchema } from "@worker/features/auth/auth.schema";
import { useSendResetLink } from "../api/send-reset-link";
import { useBusy } from "../hooks/use-busy";

/** "E-mail me a reset link instead": busy while sending; a click beyond the client's limit is ignored. */
export function ResetLinkButton({ email, onError, onSent }: { email: string; onError: (message: string) => void; onSent: () => void }) {
  const i18n = useI18n();
  const [busy, run] = useBusy();
  const sendResetLink = useSendResetLink();
  return (
    <button
      type="button"
      disabled={busy}
      className="w-full text-center text-sm font-semibold text-brand-600 hover:text-brand-700 disabled:opacity-60"
      onClick={() =>
        run(async () => {
          const emailError = fieldError(signupSchema.shape.emailId, email);
          if (emailError) return onError(emailError);
          try {
            await sendResetLink.mutateAsync(email);
            onSent();
          } catch (err) {
            if (!(err instanceof RateLimitError)) onError(errorMessage(err));
          }
        })
      }
    >
      {busy ? i18n._("Sending link...") : i18n._("E-mail me a reset link instead")}
    </button>
  );
}
