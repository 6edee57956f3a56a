import { z } from "zod";
import { activityParamsSchema } from "@worker/features/experiences/activities.schema";
import { signupViewSchema } from "@worker/shared/signup.schema";
import { pathId, personSchema } from "@worker/shared/views.schema";

// Signing up for an activity and the organisers' list of who is in and who waits (docs/programme.md).

export const signupParamsSchema = activityParamsSchema;

/** One person's sign-up, as the organisers' list acts on it (the person's user id). */
export const signupPersonParamsSchema = activityParamsSchema.extend({ userId: pathId });

/** An organiser adds a guest going to the experience: a place if one is free, else the end of the waitlist. */
export const addSignupBodySchema = z.object({
  userId: z.string({ error: /*i18n*/ "Choose a guest to add" }).min(1, /*i18n*/ "Choose a guest to add").max(100),
  allowOverlap: z
    .boolean()
    .default(false)
    .meta({ description: "Add them even when they hold or wait for another activity at the same time (the organiser's override)." }),
});

/** An organiser moves someone waiting to another place in the queue (1: next to be given a place). */
export const moveSignupBodySchema = z.object({
  position: z
    .number({ error: /*i18n*/ "A waitlist position is a whole number from 1" })
    .int(/*i18n*/ "A waitlist position is a whole number from 1")
    .min(1, /*i18n*/ "A waitlist position is a whole number from 1"),
});

/** What a sign-up or a leave answers: the activity's places as the caller now sees them (their own in `mine`). */
export const signupAnswerSchema = signupViewSchema;

const listedSchema = z.object({
  person: personSchema,
  emailId: z.string(),
  signedUpAt: z.iso.datetime(),
});

/** The organisers' list of an activity's sign-ups: who holds a place (in the order they got it) and who waits, in order. */
export const signupListSchema = z
  .object({
    capacity: z.number().int().positive().nullable(),
    going: z.array(listedSchema),
    waiting: z.array(listedSchema.extend({ position: z.number().int().positive() })),
  })
  .meta({ id: "ActivitySignupList" });
export type SignupList = z.infer<typeof signupListSchema>;
