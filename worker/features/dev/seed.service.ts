import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activitySignups, eventHosts, events, programs, rsvps, users, userTags } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { hashPassword } from "@worker/lib/auth/passwords";
import { chunkedInserts } from "@worker/lib/batch";
import { addDays, instantAtOrAfterGap, localDate, startOfLocalDay } from "@worker/shared/time-zone";
import { demoCheckinInserts } from "./seed-checkins";
import { DEMO_TIME_ZONE, demoContentInserts } from "./seed-content";
import { putDemoFiles } from "./seed-files";

export const DEMO_LOGIN = { email: "demo@experiences.app", password: "experiences-demo" };
const HOUR = 60 * 60 * 1000;
const LISBON = DEMO_TIME_ZONE;
/** A time of day in hours ('12.5') on a Lisbon date. */
const lisbonAt = (date: string, hours: number) =>
  instantAtOrAfterGap(
    date,
    `${String(Math.floor(hours)).padStart(2, "0")}:${String(Math.round((hours % 1) * 60)).padStart(2, "0")}`,
    LISBON,
  );

const PLAN = [
  {
    name: "Arrival in Lisbon",
    subtitle: "Check-in and welcome dinner",
    activities: [
      {
        at: 10,
        hours: 2,
        name: "Airport pick-up",
        subtitle: "Meet at arrivals, gate B",
        description: "Our team meets you with a sign at arrivals and drives you to the hotel.",
        location: "Humberto Delgado Airport, Lisbon",
      },
      {
        at: 15,
        hours: 1,
        name: "Hotel check-in",
        subtitle: "Welcome pack at reception",
        description: "Pick up your badge, the printed programme and a local SIM card.",
        location: "Hotel Avenida Palace, Lisbon",
      },
      {
        at: 19,
        hours: 3,
        name: "Welcome dinner",
        subtitle: "Traditional Portuguese cuisine",
        description: "A relaxed dinner with live fado to open the retreat.",
        location: "Clube de Fado, Alfama",
      },
    ],
  },
  {
    name: "Strategy day",
    subtitle: "Workshops and a sunset cruise",
    activities: [
      {
        at: 9,
        hours: 3,
        name: "Keynote and workshops",
        subtitle: "Main hall",
        description: "Opening keynote followed by three parallel workshops.",
        location: "LX Factory, Lisbon",
      },
      {
        at: 12.5,
        hours: 1.5,
        name: "Lunch",
        subtitle: "Garden terrace",
        description: "Seasonal buffet with vegetarian and vegan options.",
        location: "LX Factory, Lisbon",
      },
      {
        at: 14,
        hours: 2,
        name: "Workshop: Design sprint",
        subtitle: "Sign up · parallel session",
        description: "Two hours from a problem to a tested prototype, in teams of four.",
        location: "LX Factory, Lisbon",
        signup: { capacity: 12 },
      },
      {
        at: 14,
        hours: 2,
        name: "Workshop: Negotiation",
        subtitle: "Sign up · parallel session",
        description: "Role plays with a coach. A small room: join the waitlist when it is full.",
        location: "LX Factory, Lisbon",
        signup: { capacity: 2 },
      },
      {
        at: 18,
        hours: 2,
        name: "Sunset cruise",
        subtitle: "Tagus river",
        description: "Board at the marina 15 minutes early. Drinks on board.",
        location: "Doca de Santo Amaro, Lisbon",
      },
    ],
  },
  {
    name: "Sintra and departures",
    subtitle: "Palaces, gardens and goodbyes",
    activities: [
      {
        at: 9,
        hours: 4,
        name: "Sintra day trip",
        subtitle: "Pena Palace and Quinta da Regaleira",
        description: "Guided visit. Comfortable shoes recommended.",
        location: "Sintra, Portugal",
      },
      {
        at: 13.5,
        hours: 2,
        name: "Speakers' and VIP lunch",
        subtitle: "For speakers and VIP guests",
        description: "A private lunch with the speakers. Only the VIP and Speaker groups see it.",
        location: "Tasca da Vila, Sintra",
        groups: ["VIP", "Speaker"],
      },
      {
        at: 16,
        hours: 2,
        name: "Airport transfers",
        subtitle: "Shuttles every 30 minutes",
        description: "Shuttles leave from the hotel lobby from 4 PM.",
        location: "Hotel Avenida Palace, Lisbon",
      },
    ],
  },
];

/** More people around the demo experience, so the Attendees tab shows each group (addresses at example.com never reach anyone). */
const CROWD = [
  { firstName: "Marco", lastName: "Rossi", organisation: "Acme Corp", status: "YES", tags: ["VIP"] },
  { firstName: "Lucas", lastName: "Martin", organisation: "Acme Corp", status: "YES", tags: [] },
  { firstName: "Amara", lastName: "Okafor", organisation: "Blue Fin Travel", status: "YES", tags: ["Speaker"] },
  { firstName: "Aiko", lastName: "Tanaka", organisation: "Blue Fin Travel", status: "HOST_APPROVAL_REQUESTED", tags: [] },
  { firstName: "Sofia", lastName: "Lind", organisation: "Nordlys AB", status: "NO", tags: [] },
  { firstName: "Priya", lastName: "Nair", organisation: null, status: "REQUESTED", tags: ["Speaker"] },
] as const;

/**
 * The demo account, a fellow organiser, a guest, a few more people, and a three-day experience whose every tab shows
 * something (a feed with photos, bulletins, documents, a feedback form with answers). Running it again changes nothing.
 */
export async function seedDemo(env: Bindings, db: Db) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGIN.email)).limit(1);
  if (existing) return { ...DEMO_LOGIN, created: false };

  const password = await hashPassword(env.PASSWORD_PEPPER, DEMO_LOGIN.password);
  const demo = {
    id: crypto.randomUUID(),
    email: DEMO_LOGIN.email,
    firstName: "Dana",
    lastName: "Demo",
    organisation: "Wanderlust Events",
    bio: "Planning retreats and incentive trips since 2012.",
    passwordHash: password,
  };
  const host = {
    id: crypto.randomUUID(),
    email: "host@experiences.app",
    firstName: "Hugo",
    lastName: "Host",
    organisation: "Wanderlust Events",
    passwordHash: password,
  };
  const guest = {
    id: crypto.randomUUID(),
    email: "guest@experiences.app",
    firstName: "Grace",
    lastName: "Guest",
    organisation: "Acme Corp",
    passwordHash: password,
  };

  // Priya is invited and has no account yet: the list shows her under the name the invitation gave.
  const crowd = CROWD.map((person) => ({ ...person, id: crypto.randomUUID(), email: `${person.firstName.toLowerCase()}@example.com` }));
  const crowdAccounts = crowd
    .filter((person) => person.organisation !== null)
    .map(({ id, email, firstName, lastName, organisation }) => ({
      id,
      email,
      firstName,
      lastName,
      organisation: organisation ?? "",
      passwordHash: password,
    }));

  const now = Date.now();
  const firstDate = addDays(localDate(now, LISBON), 14);
  const eventId = crypto.randomUUID();
  const dayRows = PLAN.map((day, i) => ({
    id: crypto.randomUUID(),
    eventId,
    date: addDays(firstDate, i),
    dayIndex: i,
    name: day.name,
    subtitle: day.subtitle,
  }));
  const activityRows = PLAN.flatMap((day, i) =>
    day.activities.map((a) => ({
      id: crypto.randomUUID(),
      eventId,
      programId: dayRows[i]!.id,
      name: a.name,
      subtitle: a.subtitle,
      description: a.description,
      location: a.location,
      startTime: new Date(lisbonAt(dayRows[i]!.date, a.at)),
      endTime: new Date(lisbonAt(dayRows[i]!.date, a.at + a.hours)),
      ...("signup" in a && a.signup ? { attendance: "SIGNUP" as const, capacity: a.signup.capacity } : {}),
      ...("groups" in a && a.groups ? { groups: [...a.groups] } : {}),
    })),
  );

  const person = (firstName: string) => crowd.find((p) => p.firstName === firstName)!.id;
  const rsvpOf = new Map(crowd.map((p) => [p.id, crypto.randomUUID()]));
  // Marco and Amara were checked in earlier today (a rehearsal at the gates): the Check-in screen opens with counts and
  // history, never with admissions from the future.
  const checkinRows = demoCheckinInserts(db, eventId, [
    { rsvpId: rsvpOf.get(person("Marco"))!, by: { id: demo.id, name: "Dana Demo" }, device: "Main entrance", at: now - 2 * HOUR },
    { rsvpId: rsvpOf.get(person("Amara"))!, by: { id: host.id, name: "Hugo Host" }, device: "Gate 2", at: now - 1.5 * HOUR },
  ]);
  const content = demoContentInserts(db, {
    eventId,
    cast: { dana: demo.id, hugo: host.id, grace: guest.id, marco: person("Marco"), lucas: person("Lucas"), amara: person("Amara") },
    files: await putDemoFiles(env, eventId, demo.id),
    checkInActivityId: activityRows.find((a) => a.name === "Hotel check-in")!.id,
    moved: activityRows.find((a) => a.name === "Sunset cruise")!,
    now,
  });

  await db.batch([
    db.insert(users).values([demo, host, guest, ...crowdAccounts]),
    db.insert(userTags).values([
      { userId: demo.id, tag: "Incentive travel", position: 0 },
      { userId: demo.id, tag: "Food", position: 1 },
    ]),
    db.insert(events).values({
      id: eventId,
      ownerId: demo.id,
      name: "Lisbon Leadership Retreat",
      description: "Three days of strategy, food and culture in Lisbon for the leadership team.",
      image: { source: "LINK", url: "/demo/lisbon.svg" },
      venue: { structuredFormat: { mainText: { text: "LX Factory" }, secondaryText: { text: "Rua Rodrigues de Faria 103, Lisboa" } } },
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
      timeZone: LISBON,
      startTime: new Date(startOfLocalDay(firstDate, LISBON)),
      endTime: new Date(startOfLocalDay(addDays(firstDate, PLAN.length), LISBON)),
    }),
    db.insert(eventHosts).values({ eventId, userId: host.id }),
    db.insert(rsvps).values([
      { id: crypto.randomUUID(), eventId, userId: guest.id, email: guest.email, status: "YES", invitedById: demo.id },
      ...crowd.map((person) => ({
        id: rsvpOf.get(person.id)!,
        eventId,
        userId: person.organisation === null ? null : person.id,
        email: person.email,
        status: person.status,
        firstName: person.firstName,
        lastName: person.lastName,
        tags: [...person.tags],
        invitedById: demo.id,
        // Invited two days ago, so 'Send reminder' reminds Priya on a fresh demo (nobody is reminded within the hour).
        createdAt: new Date(now - 2 * 24 * HOUR),
      })),
    ]),
    ...chunkedInserts(db, programs, dayRows),
    ...chunkedInserts(db, activities, activityRows),
    // Marco and Lucas hold the Negotiation workshop's two places: Grace finds it full and may join its waitlist.
    db.insert(activitySignups).values(
      ["Marco", "Lucas"].map((firstName) => ({
        id: crypto.randomUUID(),
        eventId,
        activityId: activityRows.find((a) => a.name === "Workshop: Negotiation")!.id,
        userId: person(firstName),
        status: "IN" as const,
      })),
    ),
    ...content,
    ...checkinRows,
  ]);
  return { ...DEMO_LOGIN, created: true };
}
