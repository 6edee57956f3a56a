import { z } from "zod";
import { activityParamsSchema } from "@worker/features/experiences/activities.schema";
import { signupViewSchema } from "@worker/shared/signup.schema";
import { personSchema } from "@worker/shared/views.schema";

// Signing up for an activity and the organisers' list of who is in and who waits (docs/programme.md).

export const signupParamsSchema = activityParamsSchema;

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
