const HEXTET = /^[0-9a-f]{1,4}$/;

/** The first 64 bits of an IPv6 address, or null if it is not one. */
function ipv6Network(address: string): string | null {
  const halves = address.toLowerCase().split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => HEXTET.test(g))) return null;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * Who is asking, as far as throttles can tell: the client's address as Cloudflare saw it
 * (`CF-Connecting-IP`, which a client cannot set), with an IPv6 address cut to its /64, since one
 * subscriber usually holds a whole /64 and could otherwise step through it.
 */
export function clientOf(headers: Headers): string {
  const address = headers.get("CF-Connecting-IP")?.trim();
  // 45 characters is the longest textual IP address; anything else is not one.
  if (!address || address.length > 45) return "unknown";
  const mappedIpv4 = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address);
  if (mappedIpv4) return mappedIpv4[1]!;
  if (!address.includes(":")) return address;
  return ipv6Network(address) ?? address.toLowerCase();
}
