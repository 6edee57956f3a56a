/** Loads the page again (its own module, so a test can stand in for the browser's reload). */
export const reloadPage = () => window.location.reload();
