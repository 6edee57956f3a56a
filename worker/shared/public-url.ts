// Shared with the web forms (tsconfig.web.json includes it): plain TypeScript, nothing worker-only.
//
// A link that the app shows to other people (an image on an itinerary, a share preview's og:image) must not
// point into a viewer's own machine or network, or at the link-preview crawlers' hosts. The host is judged as
// the WHATWG URL parser leaves it (workerd and browsers share it): IPv4 written as one decimal, hex or octal
// number, or with fewer parts, is already rewritten to dotted decimal, and IPv6 to compressed hex.

/** Whether the value is an absolute https URL with a host. */
export function isHttpsUrl(value: string): boolean {
  const url = parse(value);
  return url !== null && url.protocol === "https:" && url.hostname !== "";
}

/** Whether the URL's host is on the public internet: not loopback, private, link-local or otherwise reserved. */
export function hasPublicHost(value: string): boolean {
  const url = parse(value);
  return url !== null && isPublicHost(url.hostname);
}

export const isPublicHttpsUrl = (value: string) => isHttpsUrl(value) && hasPublicHost(value);

const parse = (value: string) => (URL.canParse(value) ? new URL(value) : null);

/** Names that never leave the asker's machine or network (RFC 6761, 6762, 8375; ICANN's .internal). */
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa"];

function isPublicHost(hostname: string): boolean {
  if (hostname.startsWith("[")) return hostname.endsWith("]") && isPublicIpv6(hostname.slice(1, -1));
  const name = hostname.toLowerCase().replace(/\.$/, "");
  const lastLabel = name.slice(name.lastIndexOf(".") + 1);
  // A name ending in a number is an IPv4 address; anything but the parser's dotted decimal is refused.
  if (/^(0x[0-9a-f]*|\d+)$/.test(lastLabel)) {
    const address = ipv4(name);
    return address !== null && isPublicIpv4(address);
  }
  // One label (localhost, a printer, an intranet name) only resolves on the asker's own network.
  if (!name.includes(".")) return false;
  return !LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

function ipv4(text: string): number | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  if (octets.some((octet) => octet > 255)) return null;
  return octets.reduce((address, octet) => address * 256 + octet, 0);
}

const v4 = (a: number, b: number, c = 0, d = 0) => ((a * 256 + b) * 256 + c) * 256 + d;

/** [first address, prefix length] of every IPv4 block that is not the public internet (RFC 6890). */
const NON_PUBLIC_IPV4: [number, number][] = [
  [v4(0, 0), 8], // "this network", 0.0.0.0
  [v4(10, 0), 8],
  [v4(100, 64), 10], // carrier-grade NAT
  [v4(127, 0), 8],
  [v4(169, 254), 16],
  [v4(172, 16), 12],
  [v4(192, 0, 0), 24],
  [v4(192, 0, 2), 24], // documentation
  [v4(192, 168), 16],
  [v4(198, 18), 15], // benchmarking
  [v4(198, 51, 100), 24], // documentation
  [v4(203, 0, 113), 24], // documentation
  [v4(224, 0), 3], // multicast, reserved and broadcast
];

const inBlock = (address: number, [first, bits]: [number, number]) =>
  Math.floor(address / 2 ** (32 - bits)) === Math.floor(first / 2 ** (32 - bits));

const isPublicIpv4 = (address: number) => !NON_PUBLIC_IPV4.some((block) => inBlock(address, block));

/** The eight 16-bit groups of an IPv6 address in hex notation, or null for anything else. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.toLowerCase().split("::");
  if (halves.length > 2) return null;
  const groups = halves.map((half) => (half === "" ? [] : half.split(":")));
  const given = groups.flat();
  if (!given.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const missing = 8 - given.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const words = groups.map((part) => part.map((group) => parseInt(group, 16)));
  return halves.length === 1 ? words[0]! : [...words[0]!, ...Array<number>(missing).fill(0), ...words[1]!];
}

function isPublicIpv6(text: string): boolean {
  const g = ipv6Groups(text);
  if (!g) return false;
  const embedded = (high: number, low: number) => isPublicIpv4(high * 65536 + low);
  const zeroes = (count: number) => g.slice(0, count).every((group) => group === 0);
  if (zeroes(5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!); // IPv4-mapped ::ffff:a.b.c.d
  if (zeroes(6)) return false; // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return embedded(g[6]!, g[7]!); // NAT64
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!); // 6to4
  if ((g[0]! & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xffc0) === 0xfec0) return false; // link-local, old site-local
  if ((g[0]! & 0xff00) === 0xff00) return false; // multicast
  if (g[0] === 0x2001 && g[1] === 0xdb8) return false; // documentation
  return true;
}
