// Shared with the web and the build (no imports, so the web's small entry script can read it): the names by which a
// page's HTML, the Worker and the app find the static first view and the data it carries.

/**
 * The static view some pages' HTML shows before the app runs: the share page's top (written by the Worker) and the
 * landing page's first screen (prerendered by the build). The app removes it as it shows its own page.
 */
export const FIRST_VIEW_ID = "first-view";

/** The inline script that shows the prerendered landing only where it applies (content-security-policy.ts). */
export const FIRST_VIEW_REVEAL_ID = `${FIRST_VIEW_ID}-reveal`;

/** The share page's itinerary JSON in its HTML, which the app seeds its query cache with instead of fetching it. */
export const ITINERARY_DATA_ID = "itinerary-data";

/**
 * The one inline script: index.html's prerendered landing (hidden) is shown only at / and only to a visitor with no
 * stored session (web/src/lib/storage.ts's key), so someone signed in never sees it flash before their home page.
 * It runs before the page is painted; the build writes it after the landing and checks LANDING_REVEAL_SCRIPT_HASH
 * (content-security-policy.ts) against it.
 */
export const LANDING_REVEAL_SCRIPT = `try{if(location.pathname==="/"&&localStorage.getItem("cp.v1.refreshToken")===null)document.getElementById(${JSON.stringify(FIRST_VIEW_ID)}).hidden=false}catch(e){}`;
