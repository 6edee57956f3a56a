import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { i18n } from "@web/lib/i18n";
import { RESET_LINK_SENT_MESSAGE, sendResetLink } from "@web/lib/reset-link";

/**
 * 'E-mail me a reset link instead': the spec's toast once sent. Its failures are shown by the step; a click beyond
 * the client's limit fails with a RateLimitError.
 */
export function useSendResetLink() {
  return useMutation({ mutationFn: sendResetLink, onSuccess: () => toast.success(i18n._(RESET_LINK_SENT_MESSAGE)) });
}
