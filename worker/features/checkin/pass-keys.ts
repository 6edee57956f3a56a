import { eq } from "drizzle-orm";
import { CompactEncrypt, CompactSign, compactDecrypt, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Db } from "@worker/db/client";
import { passKeys } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { randomToken } from "@worker/lib/crypto";
import { PASS_ALGORITHM, passPayload, type PassClaims } from "@worker/shared/pass-token";

// Each experience signs its passes with its own ES256 key, made on first use and kept in D1. The private half is
// stored encrypted (a compact JWE under a key derived from JWT_SECRET), so a copy of the database alone cannot forge
// passes; the public half goes to the organisers' scanners.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function wrappingKey(env: Pick<Bindings, "JWT_SECRET">): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(`pass-keys\n${env.JWT_SECRET}`)));
}

export interface PassKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey;
}

async function unwrap(env: Pick<Bindings, "JWT_SECRET">, row: typeof passKeys.$inferSelect): Promise<PassKey> {
  const { plaintext } = await compactDecrypt(row.privateKey, await wrappingKey(env));
  const privateJwk = JSON.parse(decoder.decode(plaintext)) as JWK;
  return { kid: row.kid, publicJwk: row.publicJwk as JWK, privateKey: (await importJWK(privateJwk, PASS_ALGORITHM)) as CryptoKey };
}

/** The experience's public key, made on first use: what the check-in sheet hands to scanners. */
export async function passPublicKey(db: Db, env: Pick<Bindings, "JWT_SECRET">, eventId: string): Promise<JWK> {
  return (await passKey(db, env, eventId)).publicJwk;
}

/**
 * The experience's signing key. Two requests making it at once both insert; the first row wins (ON CONFLICT DO
 * NOTHING) and both read it back, so every pass of an experience is signed with one key.
 */
export async function passKey(db: Db, env: Pick<Bindings, "JWT_SECRET">, eventId: string): Promise<PassKey> {
  const existing = await db.select().from(passKeys).where(eq(passKeys.eventId, eventId)).get();
  if (existing) return unwrap(env, existing);
  const { privateKey, publicKey } = await generateKeyPair(PASS_ALGORITHM, { extractable: true });
  const kid = randomToken().slice(0, 16);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: PASS_ALGORITHM, use: "sig" };
  const wrapped = await new CompactEncrypt(encoder.encode(JSON.stringify(await exportJWK(privateKey))))
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .encrypt(await wrappingKey(env));
  await db.insert(passKeys).values({ eventId, kid, privateKey: wrapped, publicJwk }).onConflictDoNothing();
  const row = await db.select().from(passKeys).where(eq(passKeys.eventId, eventId)).get();
  if (!row) throw new Error(`The pass key of ${eventId} was not stored`);
  return unwrap(env, row);
}

/** The pass's token: what its QR code holds. */
export async function signPass(key: PassKey, claims: PassClaims): Promise<string> {
  return new CompactSign(encoder.encode(JSON.stringify(passPayload(claims))))
    .setProtectedHeader({ alg: PASS_ALGORITHM, kid: key.kid })
    .sign(key.privateKey);
}
