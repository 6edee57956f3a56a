// A copy's default name, for an experience's clone and a day's copy alike. Shared with the web (the clone dialog).

const COPY_SUFFIX = " (copy)";

/**
 * '{name} (copy)', the name shortened (never mid-character, never ending in a space) so the two fit within `limit`
 * characters: a copy of a name at its limit is still a valid name.
 */
export const copyName = (name: string, limit: number) =>
  `${name
    .slice(0, limit - COPY_SUFFIX.length)
    .replace(/[\uD800-\uDBFF]$/, "")
    .trimEnd()}${COPY_SUFFIX}`;
