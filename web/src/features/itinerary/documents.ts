/** Old ids first, then the new ones not already there. */
export const unionIds = (old: readonly string[], added: readonly string[]) => [...new Set([...old, ...added])];
