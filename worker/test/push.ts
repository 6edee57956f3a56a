import { toBase64Url } from "@worker/lib/crypto";

// A browser's side of Web Push, for tests without the network: a subscriber's keys (as PushSubscription.toJSON()
// gives them) and the decryption a browser does (RFC 8291 §3.3–3.4, RFC 8188 aes128gcm, one record).

export interface FakeSubscriber {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: CryptoKey;
  publicKeyRaw: Uint8Array;
  authSecret: Uint8Array;
}

/** A browser that allowed push, with its endpoint at Google's push service (FCM), faked at the fetch boundary. */
export async function fakeSubscriber(): Promise<FakeSubscriber> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicKeyRaw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const authSecret = crypto.getRandomValues(new Uint8Array(16));
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
    keys: { p256dh: toBase64Url(publicKeyRaw), auth: toBase64Url(authSecret) },
    privateKey: pair.privateKey,
    publicKeyRaw,
    authSecret,
  };
}

const encode = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

async function hkdf(salt: Uint8Array, ikm: BufferSource, info: Uint8Array, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** What the subscriber reads from a push's body: the JSON the sender encrypted for it. */
export async function decryptPush(subscriber: FakeSubscriber, body: Uint8Array): Promise<unknown> {
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const senderKey = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const sender = await crypto.subtle.importKey("raw", senderKey, { name: "ECDH", namedCurve: "P-256" }, false, []);
  // workers-types spells the ECDH peer key `$public`; the runtime reads `public`, as Web Crypto does.
  const ecdh = { name: "ECDH", public: sender } as unknown as SubtleCryptoDeriveKeyAlgorithm;
  const shared = await crypto.subtle.deriveBits(ecdh, subscriber.privateKey, 256);
  const ikm = await hkdf(subscriber.authSecret, shared, concat(encode("WebPush: info\0"), subscriber.publicKeyRaw, senderKey), 32);
  const cek = await hkdf(salt, ikm, encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  // The last record ends with the 0x02 delimiter, then zero padding.
  return JSON.parse(new TextDecoder().decode(plain.subarray(0, plain.lastIndexOf(2))));
}
