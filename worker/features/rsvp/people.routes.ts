import { Hono, type Context } from "hono";
import { getDb } from "@worker/db/client";
import { purgePublicItinerary } from "@worker/domain/public-itinerary-cache";
import { waitlistedPeople } from "@worker/domain/waitlist";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describer } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { peopleChanged, publish } from "@worker/live/publish";
import { setAttendeeGroups } from "./attendee-groups.service";
import { makeHosts, removeGuests, unmakeHosts } from "./people.service";
import type { PeopleChange } from "./rsvp-transitions";
import {
  attendeeGroupsBodySchema,
  attendeeGroupsSchema,
  eventPeopleParamsSchema,
  hostsSchema,
  peopleBodySchema,
  rsvpChangeSchema,
} from "./rsvp.schema";

const describe = describer({ tags: ["Guests"], errors: [403, 404, 409] });

/**
 * After a change of people's places: the share page's cached hosts and guest list are dropped at once (a removed guest is never
 * shown from the cache, as a switch to private does), then their sockets and the participants' pages follow. When the hosts
 * changed, every page showing the experience hears 'event.changed', the share page's visitors included: it names the hosts.
 * Then the change's answer.
 */
async function announced<T>(c: Context<AppEnv>, eventId: string, { answer, changed, hostsChanged }: PeopleChange<T>) {
  if (changed !== null) {
    await purgePublicItinerary(c.env, eventId, new URL(c.req.url).origin);
    await peopleChanged(c.env, eventId, changed);
    if (hostsChanged) await publish(c.env, { type: "event.changed", eventId });
  }
  return c.json(answer, 200);
}

/** Mounted at /api/events/:eventId: the organisers' actions on the experience's people. */
export const peopleRoutes = new Hono<AppEnv>()
  .put(
    "/attendee-groups",
    describe({
      summary: "Add attendee groups to people, or remove them",
      description:
        "Owner and hosts only. The groups ('VIP', 'Speaker') are the organisers' labels of the RSVPs named (shown among their tags in the Attendees tab), compared without regard to case; they decide who sees an activity limited to groups (docs/programme.md). Someone taken out of a group leaves the sign-up activities they may no longer see, and their places pass on.",
      responses: { 200: attendeeGroupsSchema },
      errors: [400, 403, 404],
    }),
    validate("param", eventPeopleParamsSchema),
    validate("json", attendeeGroupsBodySchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      const change = await setAttendeeGroups(getDb(c.env.DB), userId(c), eventId, c.req.valid("json"));
      // What each of them may see of the itinerary changed with their groups.
      await publish(c.env, { type: "itinerary.changed", eventId });
      return announced(c, eventId, change);
    },
  )
  .post(
    "/hosts",
    describe({
      summary: "Make guests hosts",
      description:
        "Owner and hosts only. Everyone named must be attending (RSVP YES or MAYBE); someone already a host stays one. Answers the hosts after the change.",
      responses: { 200: hostsSchema },
    }),
    validate("param", eventPeopleParamsSchema),
    validate("json", peopleBodySchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      return announced(c, eventId, await makeHosts(c.env, getDb(c.env.DB), userId(c), eventId, c.req.valid("json").users));
    },
  )
  .delete(
    "/hosts",
    describe({
      summary: "Remove hosts",
      description:
        "Owner and hosts only; never the owner, never oneself. A former host keeps their RSVP. Answers the hosts after the change.",
      responses: { 200: hostsSchema },
    }),
    validate("param", eventPeopleParamsSchema),
    validate("json", peopleBodySchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      return announced(c, eventId, await unmakeHosts(getDb(c.env.DB), userId(c), eventId, c.req.valid("json").users));
    },
  )
  .delete(
    "/guests",
    describe({
      summary: "Remove attendees",
      description:
        "Owner and hosts only; never the owner, never oneself. Everyone named must be attending; their RSVPs become HOST_REMOVED and a host among them loses host rights. They lose access at once and their live sockets close. Places freed go to the first on the waitlist at once (docs/waitlist.md).",
      responses: { 200: rsvpChangeSchema.array() },
    }),
    validate("param", eventPeopleParamsSchema),
    validate("json", peopleBodySchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      const db = getDb(c.env.DB);
      // Places freed promote the first ones waiting and move everyone waiting up: their pages follow.
      const queue = await waitlistedPeople(db, eventId);
      const change = await removeGuests(c.env, db, userId(c), eventId, c.req.valid("json").users);
      return announced(c, eventId, { ...change, changed: change.changed && [...change.changed, ...queue] });
    },
  );
