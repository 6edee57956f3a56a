import { toast } from "../components/ui/toast";

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
