import { reloadPage } from "./reload-page";

// A page's code that cannot load because a deploy replaced it (the old build's chunk is gone) is fixed by loading the
// page again, once: the new index.html names the new chunks. A second failure soon after is shown (route-error.tsx).

const RELOADED_AT = "experiences.chunk-reload-at";
/** A failure this soon after the last such reload is not fixed by another one. */
const AGAIN_AFTER_MS = 10_000;

/**
 * Reloads the page unless it was reloaded for a missing chunk moments ago, or the browser is offline (a reload would
 * only lose the page: it says 'Page not loaded' and keeps its Try again); whether it did.
 */
export function reloadOnceForMissingChunk(now = Date.now()): boolean {
  if (!navigator.onLine) return false;
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT));
    if (last && now - last < AGAIN_AFTER_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(now));
  } catch {
    // No session storage (a private mode): no reload, so a failure can never loop.
    return false;
  }
  reloadPage();
  return true;
}

/** Vite's event when a lazy route's preloaded chunks fail to load: the page reloads once instead of breaking. */
export function reloadOnMissingChunks() {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadOnceForMissingChunk()) event.preventDefault();
  });
}
