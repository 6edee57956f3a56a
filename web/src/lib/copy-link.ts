import { toast } from "@web/components/ui/toast";
import { i18n } from "./i18n";

/** An experience's public link, the page anyone with it can open (spec 1 §6). */
export const shareUrl = (eventId: string) => `${window.location.origin}/itinerary/${encodeURIComponent(eventId)}`;

/**
 * Copies a share link and says so: 'Link copied to clipboard', or, where the browser refuses the clipboard,
 * 'Could not copy the link.' followed by `byHand` (a catalog message), which tells the person where to copy it from themselves.
 */
export async function copyLink(url: string, byHand: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(i18n._("Link copied to clipboard"));
  } catch {
    toast.error(i18n._("Could not copy the link. {byHand}", { byHand: i18n._(byHand) }));
  }
}
