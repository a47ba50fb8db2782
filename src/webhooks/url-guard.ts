/**
 * SSRF protection for webhook URLs. An endpoint's host must resolve only to public unicast addresses:
 * every special-purpose range of the IANA IPv4 and IPv6 registries (private, loopback, link-local,
 * unique-local, CGNAT, documentation, benchmarking, multicast, reserved, translation and tunnel prefixes)
 * is refused unless the configuration's allowlist names the host, the address or its range (tests
 * allowlist 127.0.0.1 for their local receiver). Plain http is accepted only for allowlisted hosts.
 *
 * Classification is ipaddr.js's `range()` (a maintained table of those registries), plus what it leaves
 * as "unicast" although it must not pass: IPv6 outside 2000::/3 (the only block IANA allocates for
 * global unicast), the deprecated IPv4-compatible form `::a.b.c.d`, and NAT64's local-use 64:ff9b:1::/48.
 * Forms that embed an IPv4 address and route to it (IPv4-mapped ::ffff:0:0/96 and NAT64's well-known
 * 64:ff9b::/96) are judged by the embedded address, so `[::ffff:127.0.0.1]` is loopback; tunnel and
 * translation prefixes whose embedded address may be anything (Teredo, 6to4, SIIT) are refused whole.
 *
 * The check runs at registration and again at every delivery, and the delivery connects to the very
 * address that was checked (a pinned lookup), so a DNS answer that changes in between (rebinding)
 * cannot redirect a delivery to an internal service.
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { ServiceError } from '../service/errors.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** A URL's hostname without IPv6 brackets, lower-case. */
const bare = (hostname: string): string => hostname.replace(/^\[|\]$/g, '').toLowerCase();

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_LOCAL_USE = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'); // RFC 8215; ipaddr.js files it with 64:ff9b::/96
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96'); // RFC 4291 2.5.5.1, deprecated

const embeddedIPv4 = (address: ipaddr.IPv6): ipaddr.IPv4 => new ipaddr.IPv4(address.toByteArray().slice(12));

/**
 * The special-purpose range an address falls in (ipaddr.js's name, or one of ours), or null for a public
 * unicast address. An address that embeds an IPv4 one reports the embedded address's range
 * (`ipv4Mapped:loopback`).
 */
export function specialRange(text: string): string | null {
  let address: Address;
  try {
    address = ipaddr.parse(bare(text));
  } catch {
    return 'invalid';
  }
  if (address.kind() === 'ipv4') return rangeOf4(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'ipv4Mapped') return embedded('ipv4Mapped', v6);
  if (range === 'rfc6052') return v6.match(NAT64_LOCAL_USE) ? 'nat64LocalUse' : embedded('nat64', v6);
  if (range !== 'unicast') return range;
  if (v6.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  if (!v6.match(GLOBAL_UNICAST_V6)) return 'reservedByIetf';
  return null;
}

function rangeOf4(address: ipaddr.IPv4): string | null {
  const range = address.range();
  return range === 'unicast' ? null : range;
}

function embedded(form: string, address: ipaddr.IPv6): string | null {
  const inner = rangeOf4(embeddedIPv4(address));
  return inner === null ? null : `${form}:${inner}`;
}

export function isPrivateAddress(address: string): boolean {
  return specialRange(address) !== null;
}

export interface UrlPolicy {
  /** Hosts, IP addresses or CIDR ranges that may be private (WEBHOOK_ALLOWED_HOSTS). */
  readonly allowedHosts: readonly string[];
}

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** The address to connect to: `::ffff:10.0.0.1` is 10.0.0.1. */
function normalise(text: string): ResolvedAddress {
  const address = ipaddr.process(text);
  return { address: address.toString(), family: address.kind() === 'ipv4' ? 4 : 6 };
}

interface Allowlist {
  readonly hosts: Set<string>;
  readonly ranges: [Address, number][];
}

function allowlist(policy: UrlPolicy): Allowlist {
  const hosts = new Set<string>();
  const ranges: [Address, number][] = [];
  for (const raw of policy.allowedHosts) {
    const entry = bare(raw.trim());
    if (!entry) continue;
    if (ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const address = ipaddr.process(entry);
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else hosts.add(entry);
  }
  return { hosts, ranges };
}

function inRanges(text: string, list: Allowlist): boolean {
  if (!ipaddr.isValid(text)) return false;
  const address = ipaddr.process(text);
  return list.ranges.some(([net, bits]) => net.kind() === address.kind() && address.match(net, bits));
}

export function hostAllowlisted(hostname: string, policy: UrlPolicy): boolean {
  const list = allowlist(policy);
  const host = bare(hostname);
  return list.hosts.has(host) || inRanges(host, list);
}

const refuse = (message: string) => new ServiceError('WEBHOOK_URL_FORBIDDEN', message, 400);

/** Parses and checks an endpoint URL's form (scheme, credentials, allowlist for http). */
export function checkUrlForm(raw: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ServiceError('BAD_REQUEST', 'url is not a valid absolute URL', 400);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('webhook URLs must be https (or http for an allowlisted host)');
  if (url.username || url.password) throw refuse('webhook URLs must not carry credentials');
  if (url.protocol === 'http:' && !hostAllowlisted(url.hostname, policy)) throw refuse('webhook URLs must use https');
  return url;
}

/**
 * The addresses a delivery to `url` may connect to: every address the host resolves to must be public
 * (or allowlisted); otherwise the whole URL is refused.
 */
export async function resolveAllowed(url: URL, policy: UrlPolicy): Promise<ResolvedAddress[]> {
  const host = bare(url.hostname);
  const list = allowlist(policy);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) addresses = [normalise(host)];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => normalise(a.address));
    } catch {
      throw new ServiceError('WEBHOOK_URL_UNRESOLVABLE', `the host ${host} does not resolve`, 400);
    }
  }
  if (addresses.length === 0) throw new ServiceError('WEBHOOK_URL_UNRESOLVABLE', `the host ${host} does not resolve`, 400);
  const hostAllowed = list.hosts.has(host);
  for (const a of addresses) {
    const range = hostAllowed || inRanges(a.address, list) ? null : specialRange(a.address);
    if (range !== null) {
      throw refuse(`${host} resolves to a special-purpose address (${a.address}, ${range}): only public addresses are reached; allowlist it in WEBHOOK_ALLOWED_HOSTS to use it`);
    }
  }
  return addresses;
}

/** Registration: form and resolution. */
export async function checkEndpointUrl(raw: string, policy: UrlPolicy): Promise<URL> {
  const url = checkUrlForm(raw, policy);
  await resolveAllowed(url, policy);
  return url;
}
