/**
 * A stand-in for curl, for machines without it: only the options the documented sessions use (README.md, docs/api.md, docs/apps.md)
 * (-s, -X METHOD, -H 'name: value', -d DATA and one URL), with curl's meaning (-d sends a POST as a
 * form unless a content type is given; the body is printed whatever the status). Anything else is
 * refused, so a document that starts using more of curl fails here instead of passing by accident.
 */
const args = process.argv.slice(2);
let method;
let body;
let url;
const headers = new Headers();
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '-s') continue;
  if (arg === '-X') method = args[++i];
  else if (arg === '-H') {
    const header = args[++i] ?? '';
    const colon = header.indexOf(':');
    headers.set(header.slice(0, colon).trim(), header.slice(colon + 1).trim());
  } else if (arg === '-d') body = args[++i];
  else if (!arg.startsWith('-') && url === undefined) url = arg;
  else {
    process.stderr.write(`curl (stand-in): unsupported argument ${arg}\n`);
    process.exit(2);
  }
}
if (!url) {
  process.stderr.write('curl (stand-in): no URL\n');
  process.exit(2);
}
if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded');
try {
  const response = await fetch(url, { method: method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  process.stdout.write(Buffer.from(await response.arrayBuffer()));
} catch (error) {
  process.stderr.write(`curl (stand-in): ${error.cause?.message ?? error.message}\n`);
  process.exit(7);
}
