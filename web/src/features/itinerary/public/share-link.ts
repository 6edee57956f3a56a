import { toast } from "../../../components/ui/toast";

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
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Link copied to clipboard");
  } catch {
    toast.error("Could not copy the link. Copy it from the address bar.");
  }
}
