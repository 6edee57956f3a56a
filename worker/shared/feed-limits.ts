// The feed's per-person limits (docs/moderation.md), shared by the feed's contract and the EventRoom that holds them.

/** Per person and experience, in any rolling minute. */
export const FEED_LIMITS = { post: 10, comment: 30, report: 5 } as const;
export type FeedAction = keyof typeof FEED_LIMITS;
