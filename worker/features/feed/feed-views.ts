import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedComments, feedLikes, feedPosts, users } from "@worker/db/schema";
import { toPerson } from "@worker/domain/people";
import type { Bindings } from "@worker/env";
import { signedFileUrl } from "@worker/lib/files";
import { LATEST_COMMENTS, type Comment, type FeedPost } from "./feed.schema";

/** The database's clock in epoch milliseconds, as the tables' created_at default reads it, for rows inserted from a select. */
export const NOW = sql<Date>`cast(unixepoch('subsec') * 1000 as integer)`.as("created_at");

/**
 * A post's or comment's author. Named apart from the post's and comment's own columns: D1 answers a batch's rows
 * as objects keyed by column name, so two columns called `id` would overwrite each other.
 */
const authorColumns = {
  guid: sql<string>`${users.id}`.as("author_guid"),
  firstName: sql<string>`${users.firstName}`.as("author_first_name"),
  lastName: sql<string>`${users.lastName}`.as("author_last_name"),
  profilePicFileId: sql<string | null>`${users.profilePicFileId}`.as("author_profile_pic_file_id"),
};

const postColumns = {
  id: feedPosts.id,
  eventId: feedPosts.eventId,
  title: feedPosts.title,
  mediaFileId: feedPosts.mediaFileId,
  mimeType: feedPosts.mimeType,
  mediaWidth: feedPosts.mediaWidth,
  mediaHeight: feedPosts.mediaHeight,
  likesCount: feedPosts.likesCount,
  commentCount: feedPosts.commentCount,
  hiddenAt: feedPosts.hiddenAt,
  createdAt: feedPosts.createdAt,
  owner: authorColumns,
};

/** What a reader is shown: guests and visitors never see what an organiser hid (docs/moderation.md). */
export const visiblePosts = (moderator: boolean) => (moderator ? undefined : isNull(feedPosts.hiddenAt));
export const visibleComments = (moderator: boolean) => (moderator ? undefined : isNull(feedComments.hiddenAt));

/** Posts with their authors; the caller adds the where, order and paging. */
export const postsQuery = (db: Db) => db.select(postColumns).from(feedPosts).innerJoin(users, eq(users.id, feedPosts.authorId));
export type PostRow = Awaited<ReturnType<typeof postsQuery>>[number];

/** Comments with their authors. */
export const commentsQuery = (db: Db) =>
  db
    .select({
      id: feedComments.id,
      postId: feedComments.postId,
      comment: feedComments.comment,
      hiddenAt: feedComments.hiddenAt,
      createdAt: feedComments.createdAt,
      owner: authorColumns,
    })
    .from(feedComments)
    .innerJoin(users, eq(users.id, feedComments.authorId));
type CommentRow = Awaited<ReturnType<typeof commentsQuery>>[number];

export const commentOrder = [asc(feedComments.createdAt), asc(feedComments.id)];

export async function toComment(env: Bindings, row: Omit<CommentRow, "postId">): Promise<Comment> {
  return {
    id: row.id,
    comment: row.comment,
    owner: await toPerson(env, row.owner),
    createdAt: row.createdAt.toISOString(),
    hidden: row.hiddenAt !== null,
  };
}

/** The caller's likes among these posts and the latest comments of each, in one D1 batch whatever the number of posts. */
async function likesAndLatestComments(db: Db, postIds: string[], viewerId: string | null, moderator: boolean) {
  const ranked = db
    .select({
      id: feedComments.id,
      postId: feedComments.postId,
      authorId: feedComments.authorId,
      comment: feedComments.comment,
      hiddenAt: feedComments.hiddenAt,
      createdAt: feedComments.createdAt,
      rank: sql<number>`row_number() over (partition by ${feedComments.postId} order by ${feedComments.createdAt} desc, ${feedComments.id} desc)`.as(
        "rank",
      ),
    })
    .from(feedComments)
    .where(and(inArray(feedComments.postId, postIds), visibleComments(moderator)))
    .as("ranked");
  const latest = db
    .select({
      id: ranked.id,
      postId: ranked.postId,
      comment: ranked.comment,
      hiddenAt: ranked.hiddenAt,
      createdAt: ranked.createdAt,
      owner: authorColumns,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.authorId))
    .where(lte(ranked.rank, LATEST_COMMENTS))
    .orderBy(asc(ranked.createdAt), asc(ranked.id));
  const liked = db
    .select({ postId: feedLikes.postId })
    .from(feedLikes)
    .where(and(eq(feedLikes.userId, viewerId ?? ""), inArray(feedLikes.postId, postIds)));
  const [likedRows, latestRows] = await db.batch([liked, latest]);
  return { liked: new Set(likedRows.map((row) => row.postId)), latest: latestRows };
}

/**
 * The API's posts, in the rows' order, as this reader sees them (a moderator also sees hidden comments). At most
 * FEED_MAX_PAGE_SIZE rows, so their ids fit one `IN (...)`.
 */
export async function toFeedPosts(
  env: Bindings,
  db: Db,
  rows: PostRow[],
  viewerId: string | null,
  moderator: boolean,
): Promise<FeedPost[]> {
  if (rows.length === 0) return [];
  const { liked, latest } = await likesAndLatestComments(
    db,
    rows.map((row) => row.id),
    viewerId,
    moderator,
  );
  const commentsOf = new Map<string, Promise<Comment>[]>();
  for (const row of latest) commentsOf.set(row.postId, [...(commentsOf.get(row.postId) ?? []), toComment(env, row)]);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      eventId: row.eventId,
      title: row.title,
      media: row.mediaFileId ? await signedFileUrl(env, row.mediaFileId) : null,
      mimeType: row.mediaFileId ? row.mimeType : null,
      mediaMetadata: row.mediaFileId && row.mediaWidth && row.mediaHeight ? { width: row.mediaWidth, height: row.mediaHeight } : null,
      owner: await toPerson(env, row.owner),
      createdAt: row.createdAt.toISOString(),
      likesCount: row.likesCount,
      selfLike: liked.has(row.id),
      commentCount: row.commentCount,
      hidden: row.hiddenAt !== null,
      lastThreeComments: await Promise.all(commentsOf.get(row.id) ?? []),
    })),
  );
}
