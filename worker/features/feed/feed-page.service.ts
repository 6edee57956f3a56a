import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedPosts } from "@worker/db/schema";
import { isOrganiser } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { readableFeed } from "./feed-access";
import { postsQuery, toFeedPosts, visiblePosts } from "./feed-views";
import { FEED_MESSAGES, type FeedPage, type FeedPost } from "./feed.schema";

/**
 * A page of the feed, newest first. The cursor is the creation time of the newest post the first page saw;
 * every page counts and reads only posts at or before it. Posts are created strictly later than every earlier
 * post of their experience (create-post), so an arrival never lands at or before a cursor already answered.
 */
export async function feedPage(
  env: Bindings,
  db: Db,
  eventId: string,
  viewerId: string | null,
  { page, limit, before }: { page: number; limit: number; before?: string },
): Promise<FeedPage> {
  const moderator = isOrganiser((await readableFeed(db, eventId, viewerId)).role);
  const inEvent = and(eq(feedPosts.eventId, eventId), visiblePosts(moderator));
  const [stats] = await db
    .select({ total: sql<number>`count(*)`, newest: sql<number | null>`max(${feedPosts.createdAt})` })
    .from(feedPosts)
    .where(before === undefined ? inEvent : and(inEvent, lte(feedPosts.createdAt, new Date(Number(before)))));
  const cursor = before === undefined ? (stats?.newest ?? null) : Number(before);
  if (cursor === null) return { feeds: [], page, totalPages: 0, cursor: null };
  const rows = await postsQuery(db)
    .where(and(inEvent, lte(feedPosts.createdAt, new Date(cursor))))
    .orderBy(desc(feedPosts.createdAt), desc(feedPosts.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    feeds: await toFeedPosts(env, db, rows, viewerId, moderator),
    page,
    totalPages: Math.ceil((stats?.total ?? 0) / limit),
    cursor: String(cursor),
  };
}

/** One post of the feed, as the page shows it (a hidden one only to organisers). */
export async function feedPost(env: Bindings, db: Db, eventId: string, postId: string, viewerId: string | null): Promise<FeedPost> {
  const moderator = isOrganiser((await readableFeed(db, eventId, viewerId)).role);
  const rows = await postsQuery(db)
    .where(and(eq(feedPosts.id, postId), eq(feedPosts.eventId, eventId), visiblePosts(moderator)))
    .limit(1);
  const [post] = await toFeedPosts(env, db, rows, viewerId, moderator);
  if (!post) throw notFound(FEED_MESSAGES.postNotFound);
  return post;
}
