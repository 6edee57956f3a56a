import { useMutation } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";

/** A new password from an e-mailed link. Its failures are shown by the page. */
export function useResetPasswordByLink() {
  return useMutation({
    mutationFn: ({ resetPasswordId, password, confirmPassword }: { resetPasswordId: string; password: string; confirmPassword: string }) =>
      data(client.oapi.resetpassword[":resetPasswordId"].$post({ param: { resetPasswordId }, json: { password, confirmPassword } })),
  });
}
