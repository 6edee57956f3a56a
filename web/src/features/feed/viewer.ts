/**
 * Who reads the feed, which decides what they may do (spec 2 §6, spec 1 §6): a participant posts, likes,
 * comments, reports others' and deletes their own; a signed-in non-participant of a public experience reads; a signed-out
 * visitor reads, and the like and comment buttons ask them to sign in.
 */
export type FeedViewer = { kind: "participant"; guid: string; organiser?: boolean } | { kind: "reader" } | { kind: "visitor" };

/** The owner and hosts: they hide, restore and delete anything, mute people, and see the 'Reported' list (docs/moderation.md). */
export const isModerator = (viewer: FeedViewer) => viewer.kind === "participant" && viewer.organiser === true;

export const isAuthor = (viewer: FeedViewer, ownerGuid: string) => viewer.kind === "participant" && viewer.guid === ownerGuid;
