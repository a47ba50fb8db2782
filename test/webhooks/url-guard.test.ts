/**
 * The webhook address guard, table-driven: one address inside every range of IANA's IPv4 and IPv6
 * Special-Purpose Address Registries (plus multicast, the deprecated and IETF-reserved blocks, and the
 * forms that embed an IPv4 address), each refused; public addresses, including translated forms of a
 * public IPv4 address, accepted; WEBHOOK_ALLOWED_HOSTS exceptions still honoured. No database, no network
 * (only `localhost`, which /etc/hosts answers).
 */
import t from 'tap';
import { checkEndpointUrl, hostAllowlisted, specialRange } from '../../src/webhooks/url-guard.js';
import { ServiceError } from '../../src/service/errors.js';

/** [address, where the range comes from] */
const REFUSED_V4: [string, string][] = [
  ['0.0.0.0', 'RFC 791 "this host on this network" 0.0.0.0/32'],
  ['0.1.2.3', 'RFC 791 "this network" 0.0.0.0/8'],
  ['10.0.0.1', 'RFC 1918 private 10.0.0.0/8'],
  ['100.64.0.1', 'RFC 6598 shared address space (CGNAT) 100.64.0.0/10'],
  ['100.127.255.254', 'RFC 6598, top of 100.64.0.0/10'],
  ['127.0.0.1', 'RFC 1122 loopback 127.0.0.0/8'],
  ['127.255.255.254', 'RFC 1122 loopback, top of the block'],
  ['169.254.169.254', 'RFC 3927 link-local 169.254.0.0/16 (cloud metadata)'],
  ['172.16.0.1', 'RFC 1918 private 172.16.0.0/12'],
  ['172.31.255.254', 'RFC 1918, top of 172.16.0.0/12'],
  ['192.0.0.1', 'RFC 6890 IETF protocol assignments 192.0.0.0/24; RFC 7335 IPv4 service continuity 192.0.0.0/29'],
  ['192.0.0.8', 'RFC 7600 IPv4 dummy address 192.0.0.8/32'],
  ['192.0.0.9', 'RFC 7723 PCP anycast 192.0.0.9/32'],
  ['192.0.0.10', 'RFC 8155 TURN anycast 192.0.0.10/32'],
  ['192.0.0.170', 'RFC 8880 NAT64/DNS64 discovery 192.0.0.170/32'],
  ['192.0.0.171', 'RFC 8880 NAT64/DNS64 discovery 192.0.0.171/32'],
  ['192.0.2.1', 'RFC 5737 documentation TEST-NET-1 192.0.2.0/24'],
  ['192.31.196.1', 'RFC 7535 AS112-v4 192.31.196.0/24'],
  ['192.52.193.1', 'RFC 7450 AMT 192.52.193.0/24'],
  ['192.88.99.1', 'RFC 7526 deprecated 6to4 relay anycast 192.88.99.0/24'],
  ['192.88.99.2', 'RFC 6751 6a44-relay anycast 192.88.99.2/32'],
  ['192.168.1.1', 'RFC 1918 private 192.168.0.0/16'],
  ['192.175.48.1', 'RFC 7534 direct delegation AS112 service 192.175.48.0/24'],
  ['198.18.0.1', 'RFC 2544 benchmarking 198.18.0.0/15'],
  ['198.19.255.254', 'RFC 2544 benchmarking, top of 198.18.0.0/15'],
  ['198.51.100.1', 'RFC 5737 documentation TEST-NET-2 198.51.100.0/24'],
  ['203.0.113.1', 'RFC 5737 documentation TEST-NET-3 203.0.113.0/24'],
  ['224.0.0.1', 'RFC 5771 multicast 224.0.0.0/4'],
  ['239.255.255.250', 'RFC 2365 administratively scoped multicast (SSDP)'],
  ['240.0.0.1', 'RFC 1112 reserved 240.0.0.0/4'],
  ['255.255.255.255', 'RFC 8190 / RFC 919 limited broadcast 255.255.255.255/32'],
];

const REFUSED_V6: [string, string][] = [
  ['::', 'RFC 4291 unspecified ::/128'],
  ['::1', 'RFC 4291 loopback ::1/128'],
  ['::7f00:1', 'RFC 4291 2.5.5.1 deprecated IPv4-compatible ::/96 (::127.0.0.1)'],
  ['::a00:1', 'RFC 4291 2.5.5.1 IPv4-compatible, embedding 10.0.0.1'],
  ['::808:808', 'RFC 4291 2.5.5.1 IPv4-compatible is refused whole, even embedding a public address'],
  ['::ffff:127.0.0.1', 'RFC 4291 IPv4-mapped ::ffff:0:0/96, embedding loopback'],
  ['::ffff:7f00:1', 'RFC 4291 IPv4-mapped, hex form of ::ffff:127.0.0.1'],
  ['::ffff:10.1.2.3', 'RFC 4291 IPv4-mapped, embedding RFC 1918'],
  ['::ffff:169.254.169.254', 'RFC 4291 IPv4-mapped, embedding link-local'],
  ['::ffff:0:7f00:1', 'RFC 6145/7915 SIIT IPv4-translated ::ffff:0:0:0/96'],
  ['::ffff:0:808:808', 'RFC 6145 IPv4-translated is refused whole'],
  ['64:ff9b::7f00:1', 'RFC 6052 NAT64 well-known prefix 64:ff9b::/96, embedding loopback'],
  ['64:ff9b::a9fe:a9fe', 'RFC 6052 NAT64 well-known prefix, embedding 169.254.169.254'],
  ['64:ff9b:1::1', 'RFC 8215 NAT64 local-use 64:ff9b:1::/48'],
  ['64:ff9b:1::808:808', 'RFC 8215 NAT64 local-use, whatever it embeds'],
  ['100::1', 'RFC 6666 discard-only 100::/64'],
  ['100:0:0:1::1', 'RFC 9780 dummy IPv6 prefix 100:0:0:1::/64 (outside 2000::/3)'],
  ['2001::1', 'RFC 2928 IETF protocol assignments 2001::/23; RFC 4380 Teredo 2001::/32'],
  ['2001:0:7f00:1::', 'RFC 4380 Teredo 2001::/32, server 127.0.0.1'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'RFC 4380 Teredo, a textbook address'],
  ['2001:1::1', 'RFC 7723 PCP anycast 2001:1::1/128'],
  ['2001:1::2', 'RFC 8155 TURN anycast 2001:1::2/128'],
  ['2001:1::3', 'RFC 9665 DNS-SD SRP anycast 2001:1::3/128'],
  ['2001:2::1', 'RFC 5180 benchmarking 2001:2::/48'],
  ['2001:3::1', 'RFC 7450 AMT 2001:3::/32'],
  ['2001:4:112::1', 'RFC 7535 AS112-v6 2001:4:112::/48'],
  ['2001:10::1', 'RFC 4843 deprecated ORCHID 2001:10::/28'],
  ['2001:20::1', 'RFC 7343 ORCHIDv2 2001:20::/28'],
  ['2001:30::1', 'RFC 9374 drone remote ID entity tags 2001:30::/28'],
  ['2001:db8::1', 'RFC 3849 documentation 2001:db8::/32'],
  ['2002:7f00:1::1', 'RFC 3056 6to4 2002::/16, embedding 127.0.0.1'],
  ['2002:808:808::1', 'RFC 3056 6to4 is refused whole'],
  ['2620:4f:8000::1', 'RFC 7534 direct delegation AS112 service 2620:4f:8000::/48'],
  ['3fff::1', 'RFC 9637 documentation 3fff::/20'],
  ['5f00::1', 'RFC 9602 SRv6 SIDs 5f00::/16'],
  ['fc00::1', 'RFC 4193 unique-local fc00::/7'],
  ['fd12:3456::1', 'RFC 4193 unique-local, the used half fd00::/8'],
  ['fe80::1', 'RFC 4291 link-local unicast fe80::/10'],
  ['fec0::1', 'RFC 3879 deprecated site-local fec0::/10'],
  ['ff02::1', 'RFC 4291 multicast ff00::/8'],
  ['4000::1', 'IANA IPv6 address space: outside 2000::/3, reserved by the IETF'],
];

const PUBLIC: [string, string][] = [
  ['8.8.8.8', 'a public IPv4 address'],
  ['1.1.1.1', 'a public IPv4 address'],
  ['100.128.0.1', 'just past RFC 6598 100.64.0.0/10'],
  ['172.32.0.1', 'just past RFC 1918 172.16.0.0/12'],
  ['192.0.3.1', 'just past TEST-NET-1'],
  ['2606:4700:4700::1111', 'a public IPv6 address in 2000::/3'],
  ['2a00:1450:4001:80b::200e', 'a public IPv6 address'],
  ['::ffff:8.8.8.8', 'IPv4-mapped form of a public address: judged by 8.8.8.8'],
  ['64:ff9b::808:808', 'RFC 6052 NAT64 well-known prefix (globally reachable) of a public address'],
];

t.test('every special-purpose IPv4 range is refused', async (t) => {
  for (const [address, source] of REFUSED_V4) t.not(specialRange(address), null, `${address}: ${source}`);
});

t.test('every special-purpose IPv6 range is refused, and embedded IPv4 addresses are judged by what they embed', async (t) => {
  for (const [address, source] of REFUSED_V6) t.not(specialRange(address), null, `${address}: ${source}`);
  t.equal(specialRange('::ffff:127.0.0.1'), 'ipv4Mapped:loopback', 'the embedded range is named');
  t.equal(specialRange('64:ff9b::a00:1'), 'nat64:private');
  t.equal(specialRange('2001:0:7f00:1::'), 'teredo');
});

t.test('public addresses pass', async (t) => {
  for (const [address, source] of PUBLIC) t.equal(specialRange(address), null, `${address}: ${source}`);
});

async function codeOf(url: string, allowedHosts: string[] = []): Promise<string> {
  try {
    await checkEndpointUrl(url, { allowedHosts });
    return 'ok';
  } catch (error) {
    return error instanceof ServiceError ? error.code : `unexpected ${String(error)}`;
  }
}

t.test('URLs with a bracketed or embedded special address are refused at registration', async (t) => {
  for (const url of ['https://[::7f00:1]/x', 'https://[::ffff:0:7f00:1]/x', 'https://[2001:0:7f00:1::]/x', 'https://[64:ff9b:1::a00:1]/x', 'https://[::ffff:7f00:1]/x', 'https://0x7f.1/x', 'https://2130706433/x']) {
    t.equal(await codeOf(url), 'WEBHOOK_URL_FORBIDDEN', url);
  }
  t.equal(await codeOf('https://localhost/x'), 'WEBHOOK_URL_FORBIDDEN', 'a name resolving to loopback');
  t.equal(await codeOf('https://[2606:4700:4700::1111]/x'), 'ok', 'a public IPv6 literal');
  t.equal(await codeOf('https://8.8.8.8/x'), 'ok');
});

t.test('WEBHOOK_ALLOWED_HOSTS exceptions keep working: hosts, addresses and ranges', async (t) => {
  t.equal(await codeOf('http://127.0.0.1:8080/x', ['127.0.0.1']), 'ok', 'an allowlisted address, over http');
  t.equal(await codeOf('http://[::ffff:127.0.0.1]/x', ['127.0.0.1']), 'ok', 'its IPv4-mapped form too');
  t.equal(await codeOf('https://[::1]/x', ['::1']), 'ok', 'an IPv6 address');
  t.equal(await codeOf('https://[fd00::5]/x', ['[fd00::/8]']), 'ok', 'an IPv6 range, brackets or not');
  t.equal(await codeOf('https://10.1.2.3/x', ['10.1.0.0/16']), 'ok', 'an IPv4 range');
  t.equal(await codeOf('https://10.2.0.1/x', ['10.1.0.0/16']), 'WEBHOOK_URL_FORBIDDEN', 'outside the range');
  t.equal(await codeOf('http://localhost:9/x', ['localhost']), 'ok', 'a host name');
  t.equal(await codeOf('http://8.8.8.8/x', ['127.0.0.1']), 'WEBHOOK_URL_FORBIDDEN', 'plain http only for allowlisted hosts');
  t.ok(hostAllowlisted('[::1]', { allowedHosts: ['::1'] }));
  t.notOk(hostAllowlisted('::2', { allowedHosts: ['::1'] }));
});
