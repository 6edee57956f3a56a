import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

// ── Accounts ────────────────────────────────────────────────────────────────

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    phone: text("phone"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    organisation: text("organisation").notNull().default(""),
    bio: text("bio").notNull().default(""),
    profilePicFileId: text("profile_pic_file_id"),
    passwordHash: text("password_hash"),
    googleSub: text("google_sub"),
    /** The language they chose (shared/locales.ts); null: their browser's, else their experience's (docs/languages.md). */
    language: text("language"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_phone_unique").on(t.phone),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
  ],
);

/** The account a row belongs to (`column`: user_id unless named otherwise): deleting the account deletes the row. */
export const userRef = (column = "user_id") =>
  text(column)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const userTags = sqliteTable(
  "user_tags",
  {
    userId: userRef(),
    tag: text("tag").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] }), index("user_tags_tag_idx").on(t.tag)],
);

export const otps = sqliteTable(
  "otps",
  {
    id: text("id").primaryKey(),
    target: text("target").notNull(),
    /** SIGNIN: a code that signs in to the address's account, or makes one (the invited guest's light path, accounts-and-sessions.md). */
    purpose: text("purpose", { enum: ["REGISTER", "PASSWORD_RESET", "SIGNIN"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }),
    consumedAt: integer("consumed_at", { mode: "timestamp_ms" }),
    /** The network that asked for the code (lib/auth/client.ts), for the per-network limit; null on codes sent before it was kept. */
    client: text("client"),
    createdAt: createdAt(),
  },
  (t) => [index("otps_target_idx").on(t.target, t.createdAt), index("otps_client_idx").on(t.client, t.createdAt)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: userRef(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId, t.createdAt)],
);

export const refreshFamilies = sqliteTable(
  "refresh_families",
  {
    id: text("id").primaryKey(),
    userId: userRef(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_families_user_idx").on(t.userId)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: text("family_id")
      .notNull()
      .references(() => refreshFamilies.id, { onDelete: "cascade" }),
    rotatedAt: integer("rotated_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId)],
);

/** Sign-in attempts not (yet) known to have succeeded, for the per-account and per-client throttles. */
export const signinAttempts = sqliteTable(
  "signin_attempts",
  {
    id: text("id").primaryKey(),
    /** The user id, or the e-mail address or phone number typed when no account has it. */
    account: text("account").notNull(),
    /** The caller's network (lib/auth/client.ts). */
    client: text("client").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("signin_attempts_account_idx").on(t.account, t.createdAt),
    index("signin_attempts_client_idx").on(t.client, t.createdAt),
    index("signin_attempts_created_idx").on(t.createdAt),
  ],
);

/**
 * A person's private calendar feed (docs/calendar-feed.md). The feed's token is HMAC(JWT_SECRET, userId + secret), so
 * the app can show the same URL again without keeping it; only its SHA-256 is kept, to find the person by the URL.
 * Rotating it draws a new secret: the old URL finds nobody at once.
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    secret: text("secret").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    rotatedAt: integer("rotated_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("calendar_feeds_token_hash_unique").on(t.tokenHash)],
);
