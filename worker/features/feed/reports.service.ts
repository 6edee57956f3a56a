import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { feedComments, feedMutes, feedPosts, feedReports, users } from "@worker/db/schema";
import { personColumns, toPerson } from "@worker/domain/people";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { requireModerator } from "./feed-access";
import { MODERATION_MESSAGES, type FeedReports, type ReportedSubject } from "./moderation.schema";

/** A person's columns named apart from the row's own: D1 answers a batch's rows keyed by column name, so two `id`s collide. */
const personAs = (prefix: string) => ({
  guid: sql<string>`${users.id}`.as(`${prefix}_guid`),
  firstName: sql<string>`${users.firstName}`.as(`${prefix}_first_name`),
  lastName: sql<string>`${users.lastName}`.as(`${prefix}_last_name`),
  profilePicFileId: sql<string | null>`${users.profilePicFileId}`.as(`${prefix}_profile_pic_file_id`),
});

/** The newest reports read at once: far more than a feed of any size sees between two looks. */
const REPORTS_READ = 500;

/**
 * The 'Reported' list of the owner and hosts: each post or comment reported, most recently first, with its count, its
 * reasons and whether it is hidden or its author muted; and everyone muted in the feed.
 */
export async function listReports(env: Bindings, db: Db, eventId: string, moderatorId: string): Promise<FeedReports> {
  await requireModerator(db, eventId, moderatorId);
  const reported = (column: typeof feedReports.postId | typeof feedReports.commentId) =>
    db.select({ id: column }).from(feedReports).where(eq(feedReports.eventId, eventId));
  const [reports, mutes, posts, comments] = await db.batch([
    db
      .select({
        report: {
          subjectId: feedReports.subjectId,
          postId: feedReports.postId,
          commentId: feedReports.commentId,
          reason: feedReports.reason,
          createdAt: feedReports.createdAt,
        },
        reporter: personAs("reporter"),
      })
      .from(feedReports)
      .innerJoin(users, eq(users.id, feedReports.reporterId))
      .where(eq(feedReports.eventId, eventId))
      .orderBy(desc(feedReports.createdAt), desc(feedReports.id))
      .limit(REPORTS_READ),
    db
      .select({ person: personColumns })
      .from(feedMutes)
      .innerJoin(users, eq(users.id, feedMutes.userId))
      .where(eq(feedMutes.eventId, eventId)),
    db
      .select({ id: feedPosts.id, text: feedPosts.title, hiddenAt: feedPosts.hiddenAt, author: personAs("author") })
      .from(feedPosts)
      .innerJoin(users, eq(users.id, feedPosts.authorId))
      .where(and(eq(feedPosts.eventId, eventId), inArray(feedPosts.id, reported(feedReports.postId)))),
    db
      .select({ id: feedComments.id, text: feedComments.comment, hiddenAt: feedComments.hiddenAt, author: personAs("author") })
      .from(feedComments)
      .innerJoin(users, eq(users.id, feedComments.authorId))
      .where(inArray(feedComments.id, reported(feedReports.commentId))),
  ]);
  const subjects = new Map([...posts, ...comments].map((row) => [row.id, row]));
  const muted = new Set(mutes.map(({ person }) => person.guid));
  const bySubject = new Map<string, ReportedSubject>();
  for (const { report, reporter } of reports) {
    const subject = subjects.get(report.subjectId);
    if (!subject) continue;
    let entry = bySubject.get(report.subjectId);
    if (!entry) {
      entry = {
        subjectId: report.subjectId,
        kind: report.commentId ? "comment" : "post",
        postId: report.postId,
        commentId: report.commentId,
        text: subject.text,
        author: await toPerson(env, subject.author),
        authorMuted: muted.has(subject.author.guid),
        hidden: subject.hiddenAt !== null,
        count: 0,
        lastReportedAt: report.createdAt.toISOString(),
        reports: [],
      };
      bySubject.set(report.subjectId, entry);
    }
    entry.count++;
    entry.reports.push({ reason: report.reason, reporter: await toPerson(env, reporter), createdAt: report.createdAt.toISOString() });
  }
  return { subjects: [...bySubject.values()], muted: await Promise.all(mutes.map(({ person }) => toPerson(env, person))) };
}

/** Dismisses every report about a post or comment (it stays as it is), as the owner or a host. */
export async function dismissReports(db: Db, eventId: string, subjectId: string, moderatorId: string): Promise<void> {
  await requireModerator(db, eventId, moderatorId);
  const deleted = await db
    .delete(feedReports)
    .where(and(eq(feedReports.eventId, eventId), eq(feedReports.subjectId, subjectId)))
    .returning({ id: feedReports.id });
  if (deleted.length === 0) throw notFound(MODERATION_MESSAGES.reportsNotFound);
}
