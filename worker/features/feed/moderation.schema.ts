import { z } from "zod";
import { FEED_LIMITS, type FeedAction } from "@worker/shared/feed-limits";
import { pathId, personSchema } from "@worker/shared/views.schema";
import { requiredText } from "@worker/shared/visible-text";
import { feedEventParamsSchema } from "./feed.schema";

// Feed moderation (docs/moderation.md): hide, report, mute, and the per-person limits. Shared with the Social tab.

export const REPORT_REASON_MAX = 500;

export const MODERATION_MESSAGES = {
  hiddenLabel: /*i18n*/ "Hidden from guests",
  organisersOnly: /*i18n*/ "Only the owner and hosts can moderate this feed",
  muted: /*i18n*/ "An organiser has muted you in this feed.",
  blankReason: /*i18n*/ "Say why you are reporting this",
  reasonTooLong: /*i18n*/ "A reason is at most 500 characters",
  alreadyReported: /*i18n*/ "You have already reported this. The organisers have your report.",
  ownReport: /*i18n*/ "You cannot report your own post or comment",
  muteOrganiser: /*i18n*/ "The owner and hosts cannot be muted",
  notParticipant: /*i18n*/ "This person does not take part in this experience",
  reportsNotFound: /*i18n*/ "There are no reports about this",
} as const;

/** The 429 answer of each action: its limit (FEED_LIMITS), and in how many `seconds` the next one is allowed. */
export const LIMIT_MESSAGES: Record<FeedAction, string> = {
  post: /*i18n*/ "You can post {limit} times a minute. Try again in {seconds} {seconds, plural, one {second} other {seconds}}.",
  comment: /*i18n*/ "You can comment {limit} times a minute. Try again in {seconds} {seconds, plural, one {second} other {seconds}}.",
  report: /*i18n*/ "You can send {limit} reports a minute. Try again in {seconds} {seconds, plural, one {second} other {seconds}}.",
};

/** The values of an action's 429 answer. */
export const limitValues = (action: FeedAction, retryAfterSeconds: number) => ({ limit: FEED_LIMITS[action], seconds: retryAfterSeconds });

export const moderationBodySchema = z.object({ hidden: z.boolean({ error: /*i18n*/ "hidden must be true or false" }) });
export const muteBodySchema = z.object({ muted: z.boolean({ error: /*i18n*/ "muted must be true or false" }) });
export const reportBodySchema = z.object({
  reason: requiredText(MODERATION_MESSAGES.blankReason).max(REPORT_REASON_MAX, MODERATION_MESSAGES.reasonTooLong),
});

export const feedMuteParamsSchema = feedEventParamsSchema.extend({ userId: pathId });
export const feedReportsParamsSchema = feedEventParamsSchema.extend({ subjectId: pathId });

export const reportReceiptSchema = z.object({ reported: z.literal(true) }).meta({ id: "ReportReceipt" });
export const muteSchema = z.object({ userId: z.string(), muted: z.boolean() }).meta({ id: "FeedMute" });

/** One post or comment reported, with every report about it (newest first). */
const reportedSubjectSchema = z
  .object({
    /** The comment's id for a comment, else the post's. */
    subjectId: z.string(),
    kind: z.enum(["post", "comment"]),
    postId: z.string(),
    commentId: z.string().nullable(),
    /** The post's text or the comment, as written (a photo post without text is empty). */
    text: z.string(),
    author: personSchema,
    authorMuted: z.boolean(),
    hidden: z.boolean(),
    count: z.number().int(),
    lastReportedAt: z.string(),
    reports: z.array(z.object({ reason: z.string(), reporter: personSchema, createdAt: z.string() })),
  })
  .meta({ id: "ReportedSubject" });

export const feedReportsSchema = z
  .object({
    /** Most recently reported first. */
    subjects: z.array(reportedSubjectSchema),
    /** Everyone muted in this feed. */
    muted: z.array(personSchema),
  })
  .meta({ id: "FeedReports" });

export type FeedReports = z.infer<typeof feedReportsSchema>;
export type ReportedSubject = z.infer<typeof reportedSubjectSchema>;
