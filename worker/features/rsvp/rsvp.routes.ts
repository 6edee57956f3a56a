import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import { livePlace } from "@worker/domain/live-places";
import { waitlistedPeople } from "@worker/domain/waitlist";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { exportResponse } from "@worker/lib/export-file";
import { describer } from "@worker/lib/openapi";
import { uploadLimit } from "@worker/lib/upload-limit";
import { validate } from "@worker/lib/validation";
import { ownPlaceChanged, peopleChanged, peopleMoved, publish } from "@worker/live/publish";
import { EXPORT_MEDIA_TYPES } from "@worker/shared/export-format";
import { exportAttendees } from "./export-attendees.service";
import { attendeesExportQuerySchema } from "./export.schema";
import { hostAction } from "./host-actions.service";
import { importInvitees } from "./import-invitees.service";
import { inviteMany } from "./invitations.service";
import { remindPending } from "./reminders.service";
import {
  attendeeSchema,
  attendeesQuerySchema,
  hostActionBodySchema,
  importReportSchema,
  invitationsSchema,
  inviteBodySchema,
  INVITE_FILE_MAX_BYTES,
  inviteFileFormSchema,
  ownRsvpSchema,
  remindersSchema,
  respondBodySchema,
  rsvpChangeSchema,
  RSVP_MESSAGES,
  rsvpEventParamsSchema,
  selfRsvpSchema,
} from "./rsvp.schema";
import { listAttendees, respond, selfRsvp } from "./rsvp.service";

/** What the operations that mail invitations say of the mail limits, before what they answer for an address not e-mailed. */
const MAIL_LIMITS =
  "Mail limits (docs/security-and-limits.md): over the inviter's daily quota of invitation e-mails (INVITATIONS_PER_DAY) the request is refused with 429 naming the limit and nothing changes; an address that unsubscribed, or already received 3 invitation e-mails today, is not e-mailed";

const describe = describer({ tags: ["Guests"], errors: [403, 404] });

/** Mounted at /api/rsvp. */
export const rsvpRoutes = new Hono<AppEnv>()
  .get(
    "/event/self/:eventId",
    describe({ summary: "The caller's own RSVP, or null", responses: { 200: selfRsvpSchema }, errors: [404] }),
    validate("param", rsvpEventParamsSchema),
    async (c) => {
      return c.json({ rsvp: await selfRsvp(getDb(c.env.DB), c.req.valid("param").eventId, userId(c)) }, 200);
    },
  )
  .get(
    "/event/:eventId",
    describe({
      summary: "The attendee list (e-mail addresses and the organisers' labels for owner and hosts only)",
      description:
        "Owner and hosts get every RSVP, with e-mail addresses and their own labels among the tags; a guest gets the participants (YES, MAYBE) without e-mail addresses or labels, each with their profile tags only. With `as=guest`, owner and hosts get exactly the guest's answer (the view route's preview); anyone else gets what they get without it.",
      responses: { 200: attendeeSchema.array() },
    }),
    validate("param", rsvpEventParamsSchema),
    validate("query", attendeesQuerySchema),
    async (c) => {
      const { as } = c.req.valid("query");
      return c.json(await listAttendees(c.env, getDb(c.env.DB), c.req.valid("param").eventId, userId(c), as), 200);
    },
  )
  .get(
    "/event/:eventId/export",
    describe({
      summary: "The attendee list as a CSV or Excel file",
      description:
        "Owner and hosts only. The rows the Attendees tab shows for `group`, `search` and `tag` (repeat for several; a row passes with any), with the columns Name, E-mail, Organisation, Status, Tags, Group, Checked in (the latest admission not undone) and RSVP date (when they last answered), both times on the experience's clock with its zone's abbreviation. CSV: UTF-8 with a byte-order mark, CRLF, RFC 4180 quoting. .xlsx: one sheet of text cells, the header bold and frozen. Any cell starting with =, +, -, @, tab or carriage return gets a leading ' (OWASP CSV injection). The file is named '{experience} attendees {date}' (Content-Disposition with RFC 5987 for non-ASCII names).",
      responses: { 200: { contentType: [EXPORT_MEDIA_TYPES.csv, EXPORT_MEDIA_TYPES.xlsx], description: "The file" } },
    }),
    validate("param", rsvpEventParamsSchema),
    validate("query", attendeesExportQuerySchema),
    async (c) => {
      const query = c.req.valid("query");
      return exportResponse(
        query.format,
        await exportAttendees(c.env, getDb(c.env.DB), c.req.valid("param").eventId, userId(c), query, c.var.i18n),
      );
    },
  )
  .put(
    "/respond/:eventId",
    describe({
      summary: "Join (YES) or decline (NO) an experience",
      description:
        "A join when the experience is full (its capacity of YES reached) puts the caller on the waitlist (WAITLISTED, with waitlistPosition); declining leaves a place or the waitlist, and a place left goes to the first one waiting at once (docs/waitlist.md).",
      responses: { 200: ownRsvpSchema },
      errors: [403, 404, 409],
    }),
    validate("param", rsvpEventParamsSchema),
    validate("json", respondBodySchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      const db = getDb(c.env.DB);
      // A place left may promote the first one waiting and moves everyone waiting up: their pages follow.
      const queue = await waitlistedPeople(db, eventId);
      const me = userId(c);
      const { answer, changed } = await respond(c.env, db, eventId, me, c.req.valid("json").status);
      // The person's own pages follow in place where they may follow as before; anyone promoted reconnects as a guest.
      if (changed) await ownPlaceChanged(c.env, eventId, await livePlace(db, eventId, me));
      await peopleChanged(c.env, eventId, changed && [...changed, ...queue].filter((id) => id !== me));
      return c.json(answer, 200);
    },
  )
  .put(
    "/",
    describe({
      summary: "A host's bulk action: approve (YES) or reject (NO) approval requests, or resend invites (REQUESTED)",
      description:
        "Resending mails the invitation again, within the mail limits: over the inviter's daily quota of invitation e-mails the request is refused with 429 and nothing changes; an address that unsubscribed, or already received 3 invitation e-mails today, is moved but not e-mailed.",
      responses: { 200: rsvpChangeSchema.array() },
      errors: [403, 404, 409, 429],
    }),
    validate("json", hostActionBodySchema),
    async (c) => {
      const { eventId, status, rsvps } = c.req.valid("json");
      // Approvals join the waitlist's end when full: no one already waiting moves.
      return c.json(await peopleMoved(c.env, eventId, hostAction(c.env, getDb(c.env.DB), userId(c), eventId, status, rsvps)), 200);
    },
  )
  .post(
    "/",
    describe({
      summary: "Invite people by e-mail",
      description: `Owner and hosts only. Every address is checked first: one invalid address refuses the whole request. Each new address gets a REQUESTED RSVP and one invitation e-mail; addresses already invited, holding an RSVP, or belonging to the owner or a host are answered in alreadyInvited. ${MAIL_LIMITS} (it is invited, and answered in unreachable with the reason).`,
      responses: { 201: invitationsSchema },
      errors: [403, 404, 429],
    }),
    validate("json", inviteBodySchema),
    async (c) => {
      const { eventId, invitees } = c.req.valid("json");
      const emails = invitees.map((email) => ({ email }));
      const answer = await inviteMany(c.env, getDb(c.env.DB), userId(c), eventId, emails);
      if (answer.invited.length > 0) await publish(c.env, { type: "rsvp.changed", eventId });
      return c.json(answer, 201);
    },
  )
  .post(
    "/request/:eventId",
    describe({
      summary: "Remind everyone whose invitation is still pending",
      description: `Owner and hosts only, at most once a day per experience (429 'Reminders were already sent today'). Mails the REQUESTED and ONBOARD_REQUESTED RSVPs invited (or last re-invited) more than an hour ago; \`reminded\` counts the mails sent now. With no one to remind it answers 0 with \`nobody\` saying why (NONE_PENDING: no invitation waits; TOO_RECENT: those waiting are less than an hour old), and the day's reminder stays unused. ${MAIL_LIMITS} (answered in unreachable with the reason).`,
      responses: { 200: remindersSchema },
      errors: [403, 404, 429],
    }),
    validate("param", rsvpEventParamsSchema),
    async (c) => {
      return c.json(await remindPending(c.env, getDb(c.env.DB), userId(c), c.req.valid("param").eventId), 200);
    },
  )
  .post(
    "/upload",
    describe({
      summary: "Invite the guests of an .xlsx guest list",
      description: `Owner and hosts only, checked before the file is read. An .xlsx (by its bytes) under 5 MB with a header row naming an Email column (First name, Last name and Tags optional; tags separated by commas or semicolons) and at most 10,000 guest rows. Every row is reported: INVITED, DUPLICATE (repeated in the sheet or already invited) or INVALID, with the reason. ${MAIL_LIMITS} (its INVITED row says why).`,
      responses: { 201: importReportSchema },
      errors: [403, 404, 409, 429],
    }),
    uploadLimit(INVITE_FILE_MAX_BYTES, RSVP_MESSAGES.fileTooLarge),
    validate("form", inviteFileFormSchema),
    async (c) => {
      const { eventId, file } = c.req.valid("form");
      const report = await importInvitees(c.env, getDb(c.env.DB), userId(c), eventId, file, c.var.i18n);
      if (report.invited > 0) await publish(c.env, { type: "rsvp.changed", eventId });
      return c.json(report, 201);
    },
  );
