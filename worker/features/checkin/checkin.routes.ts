import { Hono, type Context } from "hono";
import { getDb } from "@worker/db/client";
import { organiserIds } from "@worker/domain/organiser";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { notFound } from "@worker/lib/errors";
import { describer } from "@worker/lib/openapi";
import { success } from "@worker/lib/success";
import { validate } from "@worker/lib/validation";
import { publish } from "@worker/live/publish";
import { eventRoom } from "@worker/live/room";
import { checkinSchema } from "@worker/shared/checkin-view.schema";
import { successSchema } from "@worker/shared/views.schema";
import { requireCheckinOrganiser } from "./checkin-access";
import { checkinSheet } from "./checkin-sheet.service";
import {
  attendeeParamSchema,
  CHECKIN_MESSAGES,
  checkinListSchema,
  checkinParamSchema,
  checkinSheetSchema,
  eventParamSchema,
  listBodySchema,
  listParamSchema,
  listPatchSchema,
  MAX_SCANS_PER_UPLOAD,
  reissuedSchema,
  scanResultsSchema,
  scansBodySchema,
} from "./checkin.schema";
import { createList } from "./create-list.service";
import { deleteList } from "./delete-list.service";
import { reissuePass } from "./reissue-pass.service";
import { updateList } from "./update-list.service";

const describe = describer({ tags: ["Check-in"], errors: [403, 404] });

/** Awaits a write to a list or a pass, then the organisers' scanners read the sheet again; answers what the write answered. */
async function sheetWrite<T>(c: Context<AppEnv>, eventId: string, write: Promise<T>): Promise<T> {
  const result = await write;
  await publish(c.env, { type: "checkin.changed", eventId }, await organiserIds(getDb(c.env.DB), eventId));
  return result;
}

/** Mounted at /api/events/:eventId: the organisers' check-in (docs/checkin.md). The guest's own pass is in pass.routes.ts. */
export const checkinRoutes = new Hono<AppEnv>()
  .get(
    "/checkin/list",
    describe({
      summary: "The check-in sheet",
      description:
        "Owner and hosts only (a guest gets 403, anyone else 404). Everything a scanner needs to work offline: the public key that signs the passes, the lists with their counts, the attending guests with their pass serials (passes missing are issued first), every check-in (undone ones marked) and the revoked passes.",
      responses: { 200: checkinSheetSchema },
    }),
    validate("param", eventParamSchema),
    async (c) => c.json(await checkinSheet(c.env, getDb(c.env.DB), c.req.valid("param").eventId, userId(c)), 200),
  )
  .post(
    "/checkins",
    describe({
      summary: "Check guests in",
      description: `Owner and hosts only. One scan, or up to ${MAX_SCANS_PER_UPLOAD} uploaded after an offline spell, on one list; each answers CHECKED_IN, ALREADY_CHECKED_IN (with the earlier admission), REVOKED, NOT_ATTENDING or INVALID. Scans are applied one upload at a time through the experience's live room, so a pass is admitted once however many gates scan it at once; the same nonce counts once; a pass an offline scanner admitted again is kept and flagged as a double admission. Organisers' scanners are told at once.`,
      responses: { 200: scanResultsSchema },
    }),
    validate("param", eventParamSchema),
    validate("json", scansBodySchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      const { listId, scans } = c.req.valid("json");
      await requireCheckinOrganiser(getDb(c.env.DB), eventId, userId(c));
      const results = await eventRoom(c.env, eventId).checkIn({ eventId, listId, userId: userId(c), scans, locale: c.var.locale });
      if (!results) throw notFound(CHECKIN_MESSAGES.listNotFound);
      return c.json({ results }, 200);
    },
  )
  .delete(
    "/checkins/:checkinId",
    describe({
      summary: "Undo a check-in",
      description:
        "Owner and hosts only. The check-in is kept, marked undone (undoing it again answers the same); the guest may be admitted again.",
      responses: { 200: checkinSchema },
    }),
    validate("param", checkinParamSchema),
    async (c) => {
      const { eventId, checkinId } = c.req.valid("param");
      await requireCheckinOrganiser(getDb(c.env.DB), eventId, userId(c));
      const undone = await eventRoom(c.env, eventId).undoCheckin(eventId, checkinId, userId(c));
      if (!undone) throw notFound(CHECKIN_MESSAGES.checkinNotFound);
      return c.json(undone, 200);
    },
  )
  .post(
    "/checkin/lists",
    describe({
      summary: "Add a check-in list",
      description:
        "Owner and hosts only. A list for the whole experience, one day (dayId) or one activity (activityId), with an optional window (opensAt before closesAt) and re-entry on or off.",
      responses: { 201: checkinListSchema },
    }),
    validate("param", eventParamSchema),
    validate("json", listBodySchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      return c.json(await sheetWrite(c, eventId, createList(getDb(c.env.DB), eventId, userId(c), c.req.valid("json"))), 201);
    },
  )
  .patch(
    "/checkin/lists/:listId",
    describe({
      summary: "Change a check-in list",
      description: "Owner and hosts only. Any of the list's fields; null clears a day, an activity or a window's end.",
      responses: { 200: checkinListSchema },
    }),
    validate("param", listParamSchema),
    validate("json", listPatchSchema),
    async (c) => {
      const { eventId, listId } = c.req.valid("param");
      return c.json(await sheetWrite(c, eventId, updateList(getDb(c.env.DB), eventId, listId, userId(c), c.req.valid("json"))), 200);
    },
  )
  .delete(
    "/checkin/lists/:listId",
    describe({
      summary: "Delete a check-in list",
      description: "Owner and hosts only. Its check-ins go with it; the whole-experience list cannot be deleted (400).",
      responses: { 200: successSchema },
    }),
    validate("param", listParamSchema),
    async (c) => {
      const { eventId, listId } = c.req.valid("param");
      await sheetWrite(c, eventId, deleteList(getDb(c.env.DB), eventId, listId, userId(c)));
      return success(c);
    },
  )
  .post(
    "/checkin/passes/:rsvpId/reissue",
    describe({
      summary: "Reissue a guest's pass",
      description:
        "Owner and hosts only. The guest's current pass is revoked (a screenshot that went round) and a new one issued; scanners learn of the revocation, and the guest's pass card shows the new one.",
      responses: { 200: reissuedSchema },
    }),
    validate("param", attendeeParamSchema),
    async (c) => {
      const { eventId, rsvpId } = c.req.valid("param");
      const { serial, guestId } = await sheetWrite(c, eventId, reissuePass(getDb(c.env.DB), eventId, rsvpId, userId(c)));
      if (guestId) await publish(c.env, { type: "pass.changed", eventId }, [guestId]);
      return c.json({ serial }, 200);
    },
  );
