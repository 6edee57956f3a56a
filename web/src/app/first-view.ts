// No imports: the entry script reads this before the app's JavaScript loads.

/**
 * The static first view some pages' HTML carries before the app runs: the share page's top (the Worker writes it) and
 * the landing page's first screen (prerendered by the build, shown only at / to a visitor who cannot be signed in).
 */
export const FIRST_VIEW_ID = "first-view";

/** Whether this page's HTML shows a first view (the landing's stays hidden where it does not apply). */
export function firstViewShown(): boolean {
  const view = document.getElementById(FIRST_VIEW_ID);
  return view !== null && !view.hidden;
}
