import { toast } from "@web/components/ui/toast";

/** An experience's public link, the page anyone with it can open (spec 1 §6). */
export const shareUrl = (eventId: string) => `${window.location.origin}/itinerary/${encodeURIComponent(eventId)}`;

/**
 * Copies a share link and says so: 'Link copied to clipboard', or, where the browser refuses the clipboard,
 * 'Could not copy the link.' followed by `byHand`, which tells the person where to copy it from themselves.
 */
export async function copyLink(url: string, byHand: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Link copied to clipboard");
  } catch {
    toast.error(`Could not copy the link. ${byHand}`);
  }
}
