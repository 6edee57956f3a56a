import { copyLink } from "@web/lib/copy-link";
import { i18n } from "@web/lib/i18n";

/**
 * The system share sheet where the browser has one (phones, some desktops), else the link copied with the share
 * modal's words. Dismissing the sheet is no failure.
 */
export async function shareLink(url: string, title: string): Promise<void> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  await copyLink(url, i18n._("Copy it from the address bar."));
}
