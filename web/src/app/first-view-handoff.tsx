import { useLayoutEffect } from "react";
import { FIRST_VIEW_ID } from "@worker/shared/first-view";

/**
 * Takes the static first view away in the same commit as the page React rendered for it, before the browser paints,
 * so the one replaces the other without a blank frame. Rendered beside the route's page inside its Suspense
 * boundary, so a page still loading keeps the static view up.
 */
export function FirstViewHandoff() {
  useLayoutEffect(() => {
    document.getElementById(FIRST_VIEW_ID)?.remove();
  }, []);
  return null;
}
