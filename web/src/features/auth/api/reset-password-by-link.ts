import { useMutation } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";

/** A new password from an e-mailed link. Its failures are shown by the page. */
export function useResetPasswordByLink() {
  return useMutation({
    mutationFn: ({ resetPasswordId, password, confirmPassword }: { resetPasswordId: string; password: string; confirmPassword: string }) =>
      data(client.oapi.resetpassword[":identifier"].$post({ param: { identifier: resetPasswordId }, json: { password, confirmPassword } })),
  });
}
