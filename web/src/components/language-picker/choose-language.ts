import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { activateLanguage, rememberLanguage } from "@web/lib/i18n";
import { profileKeys } from "@web/lib/queries/query-keys";
import { queryClient } from "@web/lib/query-client";
import { session } from "@web/lib/session";
import type { Locale } from "@worker/shared/locales";

/**
 * The picker's choice: every screen switches at once (no reload), the browser remembers it, and a signed-in person's
 * account keeps it (`PUT /api/profile/user`), so their mails and their other devices speak it too.
 */
export async function chooseLanguage(language: Locale): Promise<void> {
  rememberLanguage(language);
  await activateLanguage(language);
  if (!session.user()) return;
  try {
    const user = await data(client.api.profile.user.$put({ json: { language } }));
    session.setUser(user);
    queryClient.setQueryData(profileKeys.current, user);
  } catch (error) {
    toast.error(errorMessage(error));
  }
}
