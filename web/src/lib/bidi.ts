/**
 * User text inside a plain string the app writes (a toast): wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE,
 * the plain-text form of `<bdi>`, so a bidi override in it cannot reverse the app's words around it.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
