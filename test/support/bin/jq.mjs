/**
 * `jq [flags] FILTER` on standard input, for machines without jq: the real jq (jq-wasm is jq's C source
 * compiled to WebAssembly), so filters and flags mean what they mean in jq. Files as arguments are not
 * supported (the documented sessions pipe into jq).
 */
import { raw } from 'jq-wasm';

const args = process.argv.slice(2);
const flags = args.filter((arg) => arg.startsWith('-'));
const [filter = '.', ...files] = args.filter((arg) => !arg.startsWith('-'));
if (files.length > 0) {
  process.stderr.write('jq (stand-in): reads standard input only\n');
  process.exit(2);
}
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
try {
  const output = await raw(Buffer.concat(chunks).toString('utf8'), filter, flags);
  process.stdout.write(output === '' ? '' : `${output}\n`);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(5);
}
