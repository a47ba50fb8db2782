/**
 * SSRF protection for webhook URLs. An endpoint's host must resolve only to public addresses: private,
 * loopback, link-local, unique-local, CGNAT, multicast and reserved ranges are refused unless the
 * configuration's allowlist names the host, the address or its range (tests allowlist 127.0.0.1 for their
 * local receiver). Plain http is accepted only for allowlisted hosts.
 *
 * The check runs at registration and again at every delivery, and the delivery connects to the very
 * address that was checked (a pinned lookup), so a DNS answer that changes in between (rebinding)
 * cannot redirect a delivery to an internal service.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ServiceError } from '../service/errors.js';

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32],
  ['64:ff9b::', 96], ['100::', 64], ['2002::', 16],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv6');

export interface UrlPolicy {
  /** Hosts, IP addresses or CIDR ranges that may be private (WEBHOOK_ALLOWED_HOSTS). */
  readonly allowedHosts: readonly string[];
}

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** `::ffff:10.0.0.1` is 10.0.0.1. */
function normalise(address: string): ResolvedAddress {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 4 };
  return { address, family: isIP(address) === 6 ? 6 : 4 };
}

export function isPrivateAddress(address: string): boolean {
  const a = normalise(address);
  return BLOCKED.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4');
}

function allowlist(policy: UrlPolicy): { hosts: Set<string>; ranges: BlockList } {
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const raw of policy.allowedHosts) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [net, bits] = entry.split('/');
    const family = isIP(net ?? '');
    if (family && bits !== undefined) ranges.addSubnet(net as string, Number(bits), family === 6 ? 'ipv6' : 'ipv4');
    else if (family) ranges.addAddress(entry, family === 6 ? 'ipv6' : 'ipv4');
    else hosts.add(entry);
  }
  return { hosts, ranges };
}

const bare = (hostname: string): string => hostname.replace(/^\[|\]$/g, '').toLowerCase();

export function hostAllowlisted(hostname: string, policy: UrlPolicy): boolean {
  const { hosts, ranges } = allowlist(policy);
  const host = bare(hostname);
  if (hosts.has(host)) return true;
  const family = isIP(host);
  return family !== 0 && ranges.check(normalise(host).address, normalise(host).family === 6 ? 'ipv6' : 'ipv4');
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
  const { hosts, ranges } = allowlist(policy);
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [normalise(host)];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => normalise(a.address));
    } catch {
      throw new ServiceError('WEBHOOK_URL_UNRESOLVABLE', `the host ${host} does not resolve`, 400);
    }
  }
  if (addresses.length === 0) throw new ServiceError('WEBHOOK_URL_UNRESOLVABLE', `the host ${host} does not resolve`, 400);
  const hostAllowed = hosts.has(host);
  for (const a of addresses) {
    const allowed = hostAllowed || ranges.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4');
    if (!allowed && isPrivateAddress(a.address)) {
      throw refuse(`${host} resolves to a private, loopback or link-local address (${a.address}); allowlist it in WEBHOOK_ALLOWED_HOSTS to use it`);
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
