// What the service worker (sw.ts) and the pages agree on, in a module that imports nothing so both can load it.

/**
 * The Cache Storage cache holding the files a person chose 'Save for offline' for, by their /files/{id} address (the
 * signature's query is ignored, as it changes every week). The service worker answers those from it; nothing else is
 * cached there.
 */
export const SAVED_FILES_CACHE = "experiences-saved-files";

/** The message a page sends the waiting service worker when the person chooses 'Reload' on 'Update available'. */
export const SKIP_WAITING = "SKIP_WAITING";

/**
 * Navigations the service worker leaves to the Worker: its own pages (/auth, /dev, /docs), its API and files, and the
 * share page /itinerary/{id} whose HTML the Worker writes for each experience.
 */
export const NAVIGATION_DENYLIST = [
  /^\/api(\/|$)/,
  /^\/oapi(\/|$)/,
  /^\/auth(\/|$)/,
  /^\/dev(\/|$)/,
  /^\/files(\/|$)/,
  /^\/docs(\/|$)/,
  /^\/itinerary\//,
];
