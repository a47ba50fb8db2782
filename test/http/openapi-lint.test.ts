/**
 * The committed OpenAPI document passes Redocly's recommended rules (redocly.yaml; the few ignored
 * problems are listed with their reason in .redocly.lint-ignore.yaml): `npm run lint:openapi`.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

t.test('npx redocly lint openapi/openapi.json exits 0', async (t) => {
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', 'openapi/openapi.json', '--format=stylish'], {
      cwd: root,
      // No telemetry or update check: the tests run without internet.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (exit) => resolve({ code: exit, output }));
  });
  t.equal(code, 0, output);
  t.match(output, /Your API description is valid/);
  t.notMatch(output, /You have \d+ warnings?/, 'no warnings either');
});
