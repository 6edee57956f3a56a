import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { changeLog, feedComments, feedPosts, feedReports, users } from "@worker/db/schema";
import { changeLogColumns, changesLogged, excerpt } from "@worker/domain/change-log";
import { personName } from "@worker/domain/people";
import { isOrganiser } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { badRequest, conflict, notFound } from "@worker/lib/errors";
import { requireFeedPlace, type TakeFeedPlace } from "./feed-access";
import { visibleComments, visiblePosts } from "./feed-views";
import { FEED_MESSAGES } from "./feed.schema";
import { MODERATION_MESSAGES } from "./moderation.schema";

/** What a report is about, as the reporter may see it: its author and text, or null when it is not there for them. */
async function subjectOf(db: Db, eventId: string, postId: string, commentId: string | undefined, moderator: boolean) {
  const post = and(eq(feedPosts.id, postId), eq(feedPosts.eventId, eventId), visiblePosts(moderator));
  if (commentId === undefined) {
    const [row] = await db.select({ authorId: feedPosts.authorId, text: feedPosts.title }).from(feedPosts).where(post).limit(1);
    return row ?? null;
  }
  const [row] = await db
    .select({ authorId: feedComments.authorId, text: feedComments.comment })
    .from(feedComments)
    .innerJoin(feedPosts, eq(feedPosts.id, feedComments.postId))
    .where(and(post, eq(feedComments.id, commentId), visibleComments(moderator)))
    .limit(1);
  return row ?? null;
}

/**
 * Reports a post or a comment to the organisers, as a participant who is not muted, within the report limit. One
 * report per person and subject (a second answers 409); the organisers hear of it as a join request is told
 * (kind `requests`, urgent), logged in the report's own batch.
 */
export async function reportSubject(
  env: Bindings,
  db: Db,
  eventId: string,
  reporterId: string,
  { postId, commentId }: { postId: string; commentId?: string },
  reason: string,
  take: TakeFeedPlace,
): Promise<void> {
  const { role } = await requireFeedPlace(db, eventId, reporterId, "report", take);
  const subject = await subjectOf(db, eventId, postId, commentId, isOrganiser(role));
  if (!subject) throw notFound(commentId === undefined ? FEED_MESSAGES.postNotFound : FEED_MESSAGES.commentNotFound);
  if (subject.authorId === reporterId) throw badRequest(MODERATION_MESSAGES.ownReport);
  const id = crypto.randomUUID();
  const subjectId = commentId ?? postId;
  const [inserted] = await db.batch([
    db
      .insert(feedReports)
      .values({ id, eventId, postId, commentId: commentId ?? null, subjectId, reporterId, reason: reason.trim() })
      .onConflictDoNothing()
      .returning({ id: feedReports.id }),
    db.insert(changeLog).select(
      db
        .select(
          changeLogColumns(eventId, reporterId, {
            kind: "requests",
            subjectType: commentId === undefined ? "post" : "comment",
            subjectId,
            field: "reported",
            label: personName,
            oldValue: null,
            newValue: { text: excerpt(subject.text), reason: excerpt(reason.trim()), postId },
            recipientId: null,
            urgent: true,
          }),
        )
        .from(users)
        .where(and(eq(users.id, reporterId), sql`exists (select 1 from ${feedReports} where ${feedReports.id} = ${id})`)),
    ),
  ]);
  if (inserted.length === 0) throw conflict(MODERATION_MESSAGES.alreadyReported);
  await changesLogged(env, eventId);
}
