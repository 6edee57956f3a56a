import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { resetPasswordSchema } from "@worker/features/auth/auth.schema";
import {
  BULLETIN_DESCRIPTION_MAX,
  BULLETIN_IMAGE_MAX_BYTES,
  BULLETIN_MESSAGES,
  BULLETIN_TITLE_MAX,
} from "@worker/features/bulletin/bulletin.schema";
import { SELF_MAILS_PER_DAY, PASS_MAIL_MESSAGES } from "@worker/features/checkin/pass.service";
import { DOCUMENT_MAX_FILES, DOCUMENT_MAX_REQUEST_BYTES, DOCUMENT_MESSAGES } from "@worker/features/documents/documents.schema";
import { EXPERIENCE_MESSAGES, MAX_EXPERIENCE_DAYS } from "@worker/features/experiences/experiences.schema";
import {
  COMMENT_MAX,
  FEED_IMAGE_MAX_BYTES,
  FEED_MESSAGES,
  FEED_PENDING_UPLOADS_MAX,
  FEED_VIDEO_MAX_BYTES,
  POST_TITLE_MAX,
} from "@worker/features/feed/feed.schema";
import { MODERATION_MESSAGES, REPORT_REASON_MAX } from "@worker/features/feed/moderation.schema";
import {
  createFormBodySchema,
  FEEDBACK_ANSWER_MAX,
  FEEDBACK_LABEL_MAX,
  FEEDBACK_MESSAGES,
  FEEDBACK_RATING_FIELDS_MAX,
  RATING_LABELS,
  RATING_MAX,
  RATING_MIN,
} from "@worker/features/feedback/feedback.schema";
import { mediaSearchSchema, MEDIA_MESSAGES } from "@worker/features/media/media.schema";
import { MAX_TAG_LENGTH, MAX_TAGS } from "@worker/features/profile/profile.schema";
import { IMPORT_REASONS } from "@worker/features/rsvp/import-invitees.service";
import {
  hostActionBodySchema,
  INVITE_MAX_ADDRESSES,
  PEOPLE_ACTION_MAX_USERS,
  PER_ADDRESS_PER_DAY,
  RSVP_MESSAGES,
  UNREACHABLE_REASONS,
} from "@worker/features/rsvp/rsvp.schema";
import { activitySearchSchema } from "@worker/features/search/search.schema";
import { MAX_PICTURE_PIXELS, PICTURE_TOO_LARGE_MESSAGE } from "@worker/shared/picture-pixels";

// A catalog message is a literal (docs/languages.md): where a table's message names a limit, it writes the number.
// These keep each number the limit it names.

const MB = 1024 * 1024;
const firstMessage = (schema: ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("the limits the messages name", () => {
  it("name the exported limits", () => {
    expect(BULLETIN_MESSAGES.titleTooLong).toBe(`A title is at most ${BULLETIN_TITLE_MAX} characters`);
    expect(BULLETIN_MESSAGES.descriptionTooLong).toBe(`A description is at most ${BULLETIN_DESCRIPTION_MAX} characters`);
    expect(BULLETIN_MESSAGES.imageTooLarge).toBe(`The image must be less than ${BULLETIN_IMAGE_MAX_BYTES / MB}MB`);
    expect(FEED_MESSAGES.titleTooLong).toBe(`A post is at most ${POST_TITLE_MAX} characters`);
    expect(FEED_MESSAGES.commentTooLong).toBe(`A comment is at most ${COMMENT_MAX} characters`);
    expect(FEED_MESSAGES.imageTooLarge).toBe(`Photos must be less than ${FEED_IMAGE_MAX_BYTES / MB}MB`);
    expect(FEED_MESSAGES.videoTooLarge).toBe(`Videos must be less than ${FEED_VIDEO_MAX_BYTES / MB}MB`);
    expect(FEED_MESSAGES.formFileTooLarge).toContain(`less than ${FEED_IMAGE_MAX_BYTES / MB}MB;`);
    expect(FEED_MESSAGES.tooManyUploads).toMatch(new RegExp(`^You have ${FEED_PENDING_UPLOADS_MAX} uploads`));
    expect(MODERATION_MESSAGES.reasonTooLong).toBe(`A reason is at most ${REPORT_REASON_MAX} characters`);
    expect(FEEDBACK_MESSAGES.labelTooLong).toBe(`A question is at most ${FEEDBACK_LABEL_MAX} characters`);
    expect(FEEDBACK_MESSAGES.tooManyFields).toBe(`A form has at most ${FEEDBACK_RATING_FIELDS_MAX} rating questions`);
    expect(FEEDBACK_MESSAGES.answerTooLong).toBe(`An answer is at most ${FEEDBACK_ANSWER_MAX} characters`);
    expect(FEEDBACK_MESSAGES.ratingRange).toBe(
      `A rating is a whole number from ${RATING_MIN} (${RATING_LABELS[RATING_MIN]}) to ${RATING_MAX} (${RATING_LABELS[RATING_MAX]})`,
    );
    expect(DOCUMENT_MESSAGES.tooMany).toBe(`Upload at most ${DOCUMENT_MAX_FILES} files at once`);
    expect(DOCUMENT_MESSAGES.requestTooLarge).toBe(`Upload at most ${DOCUMENT_MAX_REQUEST_BYTES / MB} MB at once`);
    expect(EXPERIENCE_MESSAGES.tooManyDays).toBe(`An experience can last at most ${MAX_EXPERIENCE_DAYS} days`);
    expect(RSVP_MESSAGES.tooManyInvitees).toContain(`at most ${INVITE_MAX_ADDRESSES} addresses`);
    expect(RSVP_MESSAGES.tooManyUsers).toBe(`Select at most ${PEOPLE_ACTION_MAX_USERS} people at once`);
    expect(UNREACHABLE_REASONS.dailyCap).toBe(`Already received ${PER_ADDRESS_PER_DAY} invitation e-mails today`);
    expect(IMPORT_REASONS.notMailed(UNREACHABLE_REASONS.dailyCap)).toBe(
      `Invited, but not e-mailed: already received ${PER_ADDRESS_PER_DAY} invitation e-mails today`,
    );
    expect(IMPORT_REASONS.tooManyTags).toBe(`More than ${MAX_TAGS} tags`);
    expect(IMPORT_REASONS.longTag).toBe(`A tag is longer than ${MAX_TAG_LENGTH} characters`);
    expect(PASS_MAIL_MESSAGES.selfLimit).toContain(`your pass ${SELF_MAILS_PER_DAY} times a day`);
    expect(PICTURE_TOO_LARGE_MESSAGE).toBe(`Image is too large (at most ${MAX_PICTURE_PIXELS / 1_000_000} megapixels)`);
  });

  it("name the rule's own bound where the limit is the schema's", () => {
    const form = { title: "T", description: "D", fields: [{ label: "Q" }] };
    expect(firstMessage(createFormBodySchema, { ...form, title: "x".repeat(200) })).toBeUndefined();
    expect(firstMessage(createFormBodySchema, { ...form, title: "x".repeat(201) })).toBe(FEEDBACK_MESSAGES.titleTooLong);
    expect(FEEDBACK_MESSAGES.titleTooLong).toBe("A title is at most 200 characters");
    expect(firstMessage(createFormBodySchema, { ...form, description: "x".repeat(2001) })).toBe(FEEDBACK_MESSAGES.descriptionTooLong);
    expect(FEEDBACK_MESSAGES.descriptionTooLong).toBe("A description is at most 2000 characters");

    const password = resetPasswordSchema.shape.password;
    expect(firstMessage(password, "x".repeat(8))).toBeUndefined();
    expect(firstMessage(password, "x".repeat(7))).toBe("Password must be at least 8 characters long");
    expect(firstMessage(password, "x".repeat(200))).toBeUndefined();
    expect(firstMessage(password, "x".repeat(201))).toBe("Password must be at most 200 characters long");

    const action = { eventId: "e", status: "YES" };
    expect(firstMessage(hostActionBodySchema, { ...action, rsvps: Array.from({ length: 2000 }, (_, i) => `r${i}`) })).toBeUndefined();
    expect(firstMessage(hostActionBodySchema, { ...action, rsvps: Array.from({ length: 2001 }, (_, i) => `r${i}`) })).toBe(
      RSVP_MESSAGES.tooManyRsvps,
    );
    expect(RSVP_MESSAGES.tooManyRsvps).toBe("Select at most 2000 RSVPs at once");

    expect(firstMessage(mediaSearchSchema, { query: "sea", limit: "30" })).toBeUndefined();
    expect(firstMessage(mediaSearchSchema, { query: "sea", limit: "31" })).toBe(MEDIA_MESSAGES.limit);
    expect(MEDIA_MESSAGES.limit).toBe("limit must be a whole number from 1 to 30");
    expect(firstMessage(activitySearchSchema, { q: "sea", l: "50" })).toBeUndefined();
    expect(firstMessage(activitySearchSchema, { q: "sea", l: "51" })).toBe("l must be a whole number from 1 to 50");
  });
});
