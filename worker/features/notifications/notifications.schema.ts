import { z } from "zod";
import { NOTIFY_KINDS } from "@worker/shared/notify-kinds";
import { pathId } from "@worker/shared/views.schema";

// Notifications (docs/notifications.md): a person's switches per kind and channel, muted experiences, the browsers
// that allowed push, the change log as 'What changed since you last looked', and the signed links of every e-mail.

export const NOTIFICATION_MESSAGES = {
  badLink: /*i18n*/ "This link is not valid. Open it again from the e-mail.",
  notParticipant: /*i18n*/ "Only people taking part in this experience can change its notifications.",
  badSubscription: /*i18n*/ "This browser's push subscription is not valid. Choose 'Notify me' again.",
  endpointNotHttps: /*i18n*/ "The push endpoint must be an https address",
  endpointUserInfo: /*i18n*/ "The push endpoint must not carry a user name or password",
  endpointPort: /*i18n*/ "The push endpoint must use the standard https port (443)",
  endpointAddress: /*i18n*/ "The push endpoint must name a push service, not an IP address",
  endpointNotPushService: /*i18n*/ "The push endpoint is not a browser's push service (Google, Mozilla, Apple or Microsoft)",
  badKey: /*i18n*/ "This browser's push key is not a P-256 public key. Choose 'Notify me' again.",
  endpointTaken: /*i18n*/ "This browser already gets notifications for another account. Turn them off there first.",
} as const;

/** The words each kind has on the preferences page, the stop page and a mail's footer. */
export const NOTIFY_KIND_LABELS = {
  itinerary: /*i18n*/ "Itinerary changes",
  bulletins: /*i18n*/ "Bulletins",
  requests: /*i18n*/ "Requests and approvals",
  comments: /*i18n*/ "Comments on your posts",
} as const satisfies Record<(typeof NOTIFY_KINDS)[number], string>;

const kindSwitches = z.object({
  itinerary: z.boolean({ error: /*i18n*/ "itinerary must be true or false" }),
  bulletins: z.boolean({ error: /*i18n*/ "bulletins must be true or false" }),
  requests: z.boolean({ error: /*i18n*/ "requests must be true or false" }),
  comments: z.boolean({ error: /*i18n*/ "comments must be true or false" }),
});

/** An experience a person muted, with its name for the preferences page. */
const mutedExperienceSchema = z.object({ eventId: z.string(), name: z.string() });

/** Every switch of a person: e-mail and push per kind, and the experiences they muted (newest first). */
export const preferencesSchema = z
  .object({ email: kindSwitches, push: kindSwitches, muted: z.array(mutedExperienceSchema) })
  .meta({ id: "NotificationPreferences" });
export type NotificationPreferences = z.infer<typeof preferencesSchema>;

/** Switches to change; the others stay. */
export const preferencesPatchSchema = z.object({
  email: kindSwitches.partial().optional(),
  push: kindSwitches.partial().optional(),
});
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

export const eventParamSchema = z.object({ eventId: pathId });

export const muteBodySchema = z.object({ muted: z.boolean({ error: /*i18n*/ "muted must be true or false" }) });
export const muteSchema = z.object({ eventId: z.string(), muted: z.boolean() }).meta({ id: "NotificationMute" });

/** base64url of `bytes` bytes (with or without padding). */
const base64Url = (bytes: number) => {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: NOTIFICATION_MESSAGES.badSubscription })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, NOTIFICATION_MESSAGES.badSubscription)
    .min(length, NOTIFICATION_MESSAGES.badSubscription)
    .max(length + 2, NOTIFICATION_MESSAGES.badSubscription);
};

const endpoint = z
  .url({ protocol: /^https$/, error: NOTIFICATION_MESSAGES.badSubscription })
  .max(2048, NOTIFICATION_MESSAGES.badSubscription);

/** The browsers' push services (docs/notifications.md): a host is one of them or under one. Nothing else is ever fetched. */
export const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"] as const;

/** Most browser profiles a person receives push on; saving one more drops their oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

/**
 * What `PushSubscription.toJSON()` gives in the browser: the endpoint of a browser's push service (https on 443, no
 * user name, no IP address), the 65-byte P-256 key and the 16-byte secret.
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .string({ error: NOTIFICATION_MESSAGES.badSubscription })
    .max(2048, NOTIFICATION_MESSAGES.badSubscription)
    .meta({
      description: `An https URL (port 443, no user name or password, not an IP address) whose host is one of, or under one of: ${PUSH_SERVICE_HOSTS.join(", ")}.`,
    }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64Url(65), auth: base64Url(16) }, { error: NOTIFICATION_MESSAGES.badSubscription }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export const pushSubscriptionSchema = z.object({ id: z.string() }).meta({ id: "PushSubscriptionSaved" });

export const pushEndpointSchema = z.object({ endpoint });

/** One change as people read it: 'Coach to Sintra: 09:00 → 08:30 Lisbon time'. */
const changeViewSchema = z
  .object({
    seq: z.number().int(),
    kind: z.enum(NOTIFY_KINDS),
    subjectType: z.string(),
    subjectId: z.string(),
    text: z.string(),
    at: z.iso.datetime(),
    actorName: z.string().nullable(),
  })
  .meta({ id: "Change" });
export type ChangeView = z.infer<typeof changeViewSchema>;

/** `since`: the last change already seen; without it, the caller's own marker. */
export const changesQuerySchema = z.object({
  since: z.coerce
    .number({ error: /*i18n*/ "since must be a number" })
    .int(/*i18n*/ "since must be a whole number")
    .min(0, /*i18n*/ "since must be 0 or more")
    .optional(),
});

/**
 * The changes after `since` (newest first, at most 50, of the last 30 days), the experience's newest change-log seq (0:
 * none yet), and the caller's marker (null: never looked, so nothing is new to them yet).
 */
export const changesSchema = z
  .object({ changes: z.array(changeViewSchema), lastSeq: z.number().int(), seenSeq: z.number().int().nullable() })
  .meta({ id: "Changes" });
export type Changes = z.infer<typeof changesSchema>;

export const seenBodySchema = z.object({
  seq: z
    .number({ error: /*i18n*/ "seq must be a number" })
    .int(/*i18n*/ "seq must be a whole number")
    .min(0, /*i18n*/ "seq must be 0 or more"),
});
export const seenSchema = z.object({ seenSeq: z.number().int() });

/** The signed token of a notification e-mail's links (no sign-in needed). */
export const tokenQuerySchema = z.object({
  token: z.string({ error: NOTIFICATION_MESSAGES.badLink }).min(1, NOTIFICATION_MESSAGES.badLink).max(1000, NOTIFICATION_MESSAGES.badLink),
});

/** The stop page's choice: this kind of e-mail on (again) or off. */
export const tokenBodySchema = z.object({ enabled: z.boolean({ error: /*i18n*/ "enabled must be true or false" }) });

/** Where the person the link names stands for the kind of e-mail it was about. */
export const tokenStatusSchema = z
  .object({ kind: z.enum(NOTIFY_KINDS), email: z.string(), enabled: z.boolean() })
  .meta({ id: "NotificationLinkStatus" });
export type TokenStatus = z.infer<typeof tokenStatusSchema>;
