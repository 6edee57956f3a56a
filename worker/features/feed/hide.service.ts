import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedComments, feedPosts } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { recount } from "./comments.service";
import { requireModerator } from "./feed-access";
import { feedPost } from "./feed-page.service";
import { commentsQuery, toComment } from "./feed-views";
import { FEED_MESSAGES, type Comment, type FeedPost } from "./feed.schema";

const hiddenFields = (hidden: boolean, moderatorId: string) =>
  hidden
    ? { hiddenAt: sql<Date>`coalesce(hidden_at, cast(unixepoch('subsec') * 1000 as integer))`, hiddenById: moderatorId }
    : { hiddenAt: null, hiddenById: null };

/** Hides a post from guests, or restores it, as the owner or a host; answers it as organisers see it. */
export async function hidePost(
  env: Bindings,
  db: Db,
  eventId: string,
  postId: string,
  moderatorId: string,
  hidden: boolean,
): Promise<FeedPost> {
  await requireModerator(db, eventId, moderatorId);
  const changed = await db
    .update(feedPosts)
    .set(hiddenFields(hidden, moderatorId))
    .where(and(eq(feedPosts.id, postId), eq(feedPosts.eventId, eventId)))
    .returning({ id: feedPosts.id });
  if (changed.length === 0) throw notFound(FEED_MESSAGES.postNotFound);
  return feedPost(env, db, eventId, postId, moderatorId);
}

/** Hides a comment from guests, or restores it; answers it and its post's new count (hidden comments are not counted). */
export async function hideComment(
  env: Bindings,
  db: Db,
  eventId: string,
  ids: { postId: string; commentId: string },
  moderatorId: string,
  hidden: boolean,
): Promise<{ comment: Comment; commentCount: number }> {
  await requireModerator(db, eventId, moderatorId);
  const inEvent = db
    .select({ id: feedPosts.id })
    .from(feedPosts)
    .where(and(eq(feedPosts.id, ids.postId), eq(feedPosts.eventId, eventId)));
  const [, counted, [row]] = await db.batch([
    db
      .update(feedComments)
      .set(hiddenFields(hidden, moderatorId))
      .where(and(eq(feedComments.id, ids.commentId), eq(feedComments.postId, ids.postId), sql`${feedComments.postId} in ${inEvent}`)),
    recount(db, ids.postId),
    commentsQuery(db).where(
      and(eq(feedComments.id, ids.commentId), eq(feedComments.postId, ids.postId), sql`${feedComments.postId} in ${inEvent}`),
    ),
  ]);
  if (!row) throw notFound(FEED_MESSAGES.commentNotFound);
  return { comment: await toComment(env, row), commentCount: counted[0]?.commentCount ?? 0 };
}
