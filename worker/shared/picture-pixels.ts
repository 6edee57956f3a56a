// Shared with the web (no Worker imports): the largest picture the app takes, counted in pixels.

/**
 * At most 50 megapixels (a 48 MP phone photo passes). A picture's bytes say little about its pixels: a
 * 30,000 × 30,000 PNG of one colour is under 1 MB, yet decoding it for a sized copy needs 3.6 GB.
 */
export const MAX_PICTURE_PIXELS = 50_000_000;

export const PICTURE_TOO_LARGE_MESSAGE = /*i18n*/ "Image is too large (at most 50 megapixels)";
