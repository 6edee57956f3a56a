import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { changeLog, feedComments, feedPosts, users } from "@worker/db/schema";
import { changeLogColumns, changesLogged, excerpt } from "@worker/domain/change-log";
import { personName } from "@worker/domain/people";
import { isOrganiser } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { forbidden, notFound } from "@worker/lib/errors";
import { readableFeed, requireFeedPlace, type TakeFeedPlace } from "./feed-access";
import { commentOrder, commentsQuery, NOW, toComment, visibleComments, visiblePosts } from "./feed-views";
import { FEED_MESSAGES, type Comment } from "./feed.schema";

const postOf = (db: Db, eventId: string, postId: string, moderator: boolean) =>
  db
    .select({ id: feedPosts.id })
    .from(feedPosts)
    .where(and(eq(feedPosts.id, postId), eq(feedPosts.eventId, eventId), visiblePosts(moderator)))
    .limit(1);

/** The post's count recounted from the comments guests see, in the batch that changed them. */
export const recount = (db: Db, postId: string) =>
  db
    .update(feedPosts)
    .set({ commentCount: sql`(select count(*) from feed_comments c where c.post_id = ${postId} and c.hidden_at is null)` })
    .where(eq(feedPosts.id, postId))
    .returning({ commentCount: feedPosts.commentCount });

/** Every comment of the post, oldest first (hidden ones and hidden posts only for organisers). */
export async function listComments(env: Bindings, db: Db, eventId: string, postId: string, viewerId: string | null): Promise<Comment[]> {
  const moderator = isOrganiser((await readableFeed(db, eventId, viewerId)).role);
  const [[post], rows] = await db.batch([
    postOf(db, eventId, postId, moderator),
    commentsQuery(db)
      .where(and(eq(feedComments.postId, postId), visibleComments(moderator)))
      .orderBy(...commentOrder),
  ]);
  if (!post) throw notFound(FEED_MESSAGES.postNotFound);
  return Promise.all(rows.map((row) => toComment(env, row)));
}

/** Comments on the post as a participant who is not muted, within their limit; answers the comment and the post's new count. */
export async function addComment(
  env: Bindings,
  db: Db,
  eventId: string,
  postId: string,
  authorId: string,
  text: string,
  take: TakeFeedPlace,
): Promise<{ comment: Comment; commentCount: number }> {
  const moderator = isOrganiser((await requireFeedPlace(db, eventId, authorId, "comment", take)).role);
  const id = crypto.randomUUID();
  // Inserted only while the post is there, so a post deleted meanwhile is a 404, not a failed foreign key.
  const insert = db.insert(feedComments).select(
    db
      .select({
        id: sql<string>`${id}`.as("id"),
        postId: feedPosts.id,
        authorId: sql<string>`${authorId}`.as("author_id"),
        comment: sql<string>`${text}`.as("comment"),
        hiddenAt: sql<Date | null>`null`.as("hidden_at"),
        hiddenById: sql<string | null>`null`.as("hidden_by_id"),
        createdAt: NOW,
      })
      .from(feedPosts)
      .where(and(eq(feedPosts.id, postId), eq(feedPosts.eventId, eventId), visiblePosts(moderator))),
  );
  // The post's author hears of it (not of their own comments); logged only with the comment, as the same select.
  const logged = db.insert(changeLog).select(
    db
      .select(
        changeLogColumns(eventId, authorId, {
          kind: "comments",
          subjectType: "comment",
          subjectId: postId,
          field: "commented",
          label: personName,
          oldValue: null,
          newValue: { text: excerpt(text), postId },
          recipientId: sql<string>`${feedPosts.authorId}`,
          urgent: false,
        }),
      )
      .from(feedPosts)
      .innerJoin(users, eq(users.id, authorId))
      .where(and(eq(feedPosts.id, postId), eq(feedPosts.eventId, eventId), ne(feedPosts.authorId, authorId), visiblePosts(moderator))),
  );
  const [, , counted, [row]] = await db.batch([insert, logged, recount(db, postId), commentsQuery(db).where(eq(feedComments.id, id))]);
  if (!row || !counted[0]) throw notFound(FEED_MESSAGES.postNotFound);
  await changesLogged(env, eventId);
  return { comment: await toComment(env, row), commentCount: counted[0].commentCount };
}

/** Deletes a comment as its author, the owner or a host; answers the post's new count. */
export async function deleteComment(db: Db, eventId: string, postId: string, commentId: string, userId: string): Promise<number> {
  const { role } = await readableFeed(db, eventId, userId);
  const theComment = and(eq(feedComments.id, commentId), eq(feedComments.postId, postId));
  const [comment] = await db
    .select({ authorId: feedComments.authorId })
    .from(feedComments)
    .innerJoin(feedPosts, eq(feedPosts.id, feedComments.postId))
    .where(and(theComment, eq(feedPosts.eventId, eventId)))
    .limit(1);
  if (!comment) throw notFound(FEED_MESSAGES.commentNotFound);
  if (comment.authorId !== userId && !isOrganiser(role)) throw forbidden(FEED_MESSAGES.notYours);
  const [deleted, counted] = await db.batch([
    db.delete(feedComments).where(theComment).returning({ id: feedComments.id }),
    recount(db, postId),
  ]);
  if (deleted.length === 0) throw notFound(FEED_MESSAGES.commentNotFound);
  return counted[0]?.commentCount ?? 0;
}
