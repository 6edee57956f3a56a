import { hmacSha256, timingSafeEqual, toBase64Url } from "../crypto";

/** PBKDF2 iterations: Workers refuses more than 100,000, so this is both our choice and the ceiling. */
export const PBKDF2_ITERATIONS = 100_000;
const ALGORITHM = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BITS = 256;

const fromBase64Url = (value: string) => Uint8Array.from(atob(value.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

async function derive(pepper: string, password: string, salt: Uint8Array, iterations: number): Promise<string> {
  // Deployed Workers throw NotSupportedError above the cap but local workerd does not: fail the same way everywhere.
  if (!(iterations <= PBKDF2_ITERATIONS)) throw new RangeError(`PBKDF2 is limited to ${PBKDF2_ITERATIONS} iterations on Workers`);
  // The pepper (a secret outside the database) keys an HMAC of the password, so a leaked table alone cannot be brute-forced.
  const peppered = await hmacSha256(pepper, password);
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(peppered), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return toBase64Url(new Uint8Array(bits));
}

/** A self-describing hash, `pbkdf2-sha256$<iterations>$<salt>$<hash>`, so the cost can be raised later. */
export async function hashPassword(pepper: string, password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return [ALGORITHM, iterations, toBase64Url(salt), await derive(pepper, password, salt, iterations)].join("$");
}

export async function verifyPassword(pepper: string, password: string, stored: string): Promise<boolean> {
  const [algorithm, iterations, salt, hash] = stored.split("$");
  if (algorithm !== ALGORITHM || !iterations || !salt || !hash) return false;
  return timingSafeEqual(await derive(pepper, password, fromBase64Url(salt), Number(iterations)), hash);
}
