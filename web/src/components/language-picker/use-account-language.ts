import { useEffect } from "react";
import { activateLanguage, chosenLanguage, rememberLanguage } from "@web/lib/i18n";
import { useCurrentUser } from "@web/lib/session";

/** A signed-in person reads their account's language, on every device; this browser remembers it for the next visit. */
export function useAccountLanguage() {
  const language = useCurrentUser()?.language ?? null;
  useEffect(() => {
    if (!language || chosenLanguage() === language) return;
    rememberLanguage(language);
    void activateLanguage(language);
  }, [language]);
}
