import { errorMessage } from "../../../lib/api-client";
import { RateLimitError } from "../../../lib/rate-limit";
import { authApi, EMAIL_PATTERN } from "../api";
import { useBusy } from "../hooks/use-busy";

/** "E-mail me a reset link instead": busy while sending; a click beyond the client's limit is ignored. */
export function ResetLinkButton({ email, onError, onSent }: { email: string; onError: (message: string) => void; onSent: () => void }) {
  const [busy, run] = useBusy();
  return (
    <button
      type="button"
      disabled={busy}
      className="w-full text-center text-sm font-semibold text-brand-600 hover:text-brand-700 disabled:opacity-60"
      onClick={() =>
        run(async () => {
          if (!EMAIL_PATTERN.test(email)) return onError("Please enter a valid email address");
          try {
            await authApi.sendResetLink(email);
            onSent();
          } catch (err) {
            if (!(err instanceof RateLimitError)) onError(errorMessage(err));
          }
        })
      }
    >
      {busy ? "Sending link..." : "E-mail me a reset link instead"}
    </button>
  );
}
