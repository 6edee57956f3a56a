// Read by the entry script before the app's JavaScript loads: it imports only the shared names.
import { FIRST_VIEW_ID } from "@worker/shared/first-view";

/** Whether this page's HTML shows a first view (the landing's stays hidden where it does not apply). */
export function firstViewShown(): boolean {
  const view = document.getElementById(FIRST_VIEW_ID);
  return view !== null && !view.hidden;
}
