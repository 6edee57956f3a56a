/** The app's icons and default share card, by their path under the site's root (favicon.ico, og-default.png, …). */
export function appImages(faviconPath: string, defaultCardSvg: string): Promise<Map<string, Buffer>>;
