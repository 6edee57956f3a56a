import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { RateLimitError } from "@web/lib/rate-limit";
import { RESET_LINK_SENT_MESSAGE, sendResetLink } from "@web/lib/reset-link";

/** Change Password: a reset link to the user's own address. A click beyond the client's limit is ignored. */
export function useSendPasswordResetLink() {
  return useMutation({
    mutationFn: sendResetLink,
    onSuccess: () => toast.success(i18n._(RESET_LINK_SENT_MESSAGE)),
    onError: (error) => {
      if (!(error instanceof RateLimitError)) toast.error(errorMessage(error));
    },
  });
}
