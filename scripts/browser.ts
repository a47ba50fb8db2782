/**
 * The Chromium that the browser tests and `npm run screenshots` drive through playwright-core, found in
 * this order:
 * 1. CHROMIUM_PATH, when set (it must name an executable);
 * 2. the system's Chromium or Google Chrome: `chromium`, `chromium-browser`, `google-chrome(-stable)` on
 *    PATH, or the macOS applications;
 * 3. on x64 Linux, the headless Chromium carried by the npm package @sparticuz/chromium (a dev dependency,
 *    MIT): its brotli-packed binary, the NSS and expat libraries it links against and a font are unpacked
 *    once into node_modules/.cache/ (about 10 s), so a machine with only Node and npm runs the browser
 *    tests without installing anything else.
 * Where none of these can be had, findChromium() throws one line that says what to install.
 * Playwright's own browser download is never used: it fetches from outside the package registry.
 */
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';
import { x as untar } from 'tar';

/**
 * Headless, as root without a sandbox, and quiet on a closed network: without the last five, Chromium
 * keeps trying to reach Google's services and floods the network with refused connections.
 */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface FoundChromium {
  readonly executablePath: string;
  /** Where it came from, for the one line the test command prints. */
  readonly source: string;
  /** Variables the browser process needs on top of the caller's (the packaged build's libraries and fonts). */
  readonly env: Record<string, string>;
}

const PACKAGE = '@sparticuz/chromium';
const CACHE = fileURLToPath(new URL('../node_modules/.cache/portolan-chromium/', import.meta.url));
const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const MAC_APPS = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium'];
const INSTALL_HINT = 'install Chromium or Google Chrome (Debian/Ubuntu: apt-get install chromium; macOS: Google Chrome from google.com/chrome or `brew install --cask chromium`) or set CHROMIUM_PATH';

async function executable(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function systemChromium(): Promise<string | null> {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of SYSTEM_NAMES) {
    for (const dir of dirs) if (await executable(join(dir, name))) return join(dir, name);
  }
  if (process.platform === 'darwin') {
    for (const root of ['/Applications', join(homedir(), 'Applications')]) {
      for (const app of MAC_APPS) if (await executable(join(root, app))) return join(root, app);
    }
  }
  return null;
}

/** The packaged build's folder (bin/*.br) and version, or null where the package is not installed. */
function packaged(): { bin: string; version: string } | null {
  let dir: string;
  try {
    dir = dirname(createRequire(import.meta.url).resolve(PACKAGE)); // its exports do not include package.json
  } catch {
    return null;
  }
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version: string };
    if (name === PACKAGE) return { bin: join(dir, 'bin'), version };
  }
  return null;
}

/** fontconfig's settings for the packaged build: its own font first, then the system's, if any. */
function fontsConf(dir: string): string {
  const dirs = [join(dir, 'fonts', 'fonts'), '/usr/share/fonts', '/usr/local/share/fonts', join(homedir(), '.fonts')];
  return `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n${dirs.map((d) => `  <dir>${d}</dir>\n`).join('')}  <cachedir>${join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`;
}

/** Unpacks the package's archives into `dir` (through a temporary folder, renamed when complete). */
async function unpack(bin: string, dir: string): Promise<void> {
  const partial = `${dir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(join(partial, 'fonts'), { recursive: true });
  await mkdir(join(partial, 'al2023'), { recursive: true });
  const brotli = () => createBrotliDecompress({ chunkSize: 2 ** 21 });
  await pipeline(createReadStream(join(bin, 'chromium.br')), brotli(), createWriteStream(join(partial, 'chromium'), { mode: 0o755 }));
  // The GL libraries sit beside the binary, where Chromium looks for them.
  await pipeline(createReadStream(join(bin, 'swiftshader.tar.br')), brotli(), untar({ cwd: partial }));
  // libnss3, libnspr4, libexpat and friends, built for Amazon Linux 2023 (glibc 2.34): they run on newer glibc.
  await pipeline(createReadStream(join(bin, 'al2023.tar.br')), brotli(), untar({ cwd: join(partial, 'al2023') }));
  await pipeline(createReadStream(join(bin, 'fonts.tar.br')), brotli(), untar({ cwd: join(partial, 'fonts') }));
  await writeFile(join(partial, 'fonts', 'fonts.conf'), fontsConf(dir));
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
}

/**
 * The packaged Chromium, unpacked on first use. Test files may ask at the same time (the test command
 * asks first, so normally they find it ready): a lock folder lets one unpack while the others wait.
 */
async function packagedChromium(): Promise<FoundChromium | null> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const pkg = packaged();
  if (!pkg) return null;
  const dir = join(CACHE, pkg.version);
  const binary = join(dir, 'chromium');
  if (!existsSync(binary)) {
    await mkdir(CACHE, { recursive: true });
    const lock = `${dir}.lock`;
    for (let waited = 0; ; waited += 250) {
      try {
        await mkdir(lock);
        break;
      } catch {
        if (waited > 180_000) await rm(lock, { recursive: true, force: true }); // a crashed unpacker's lock
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    try {
      if (!existsSync(binary)) await unpack(pkg.bin, dir);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
  const libraries = join(dir, 'al2023', 'lib');
  return {
    executablePath: binary,
    source: `${PACKAGE} ${pkg.version} (unpacked in ${dir})`,
    env: {
      LD_LIBRARY_PATH: [libraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(delimiter),
      FONTCONFIG_PATH: join(dir, 'fonts'),
    },
  };
}

export class NoChromiumError extends Error {}

let found: Promise<FoundChromium> | null = null;

export function findChromium(): Promise<FoundChromium> {
  found ??= (async () => {
    const chosen = process.env.CHROMIUM_PATH;
    if (chosen) {
      if (await executable(chosen)) return { executablePath: chosen, source: `CHROMIUM_PATH (${chosen})`, env: {} };
      throw new NoChromiumError(`browser tests: CHROMIUM_PATH=${chosen} is not an executable file`);
    }
    const system = await systemChromium();
    if (system) return { executablePath: system, source: `the system (${system})`, env: {} };
    const inPackage = await packagedChromium();
    if (inPackage) return inPackage;
    throw new NoChromiumError(`browser tests: no Chromium found on this ${process.platform}-${process.arch} machine: ${INSTALL_HINT}`);
  })();
  return found;
}

/** Options for playwright-core's chromium.launch(). */
export async function chromiumLaunchOptions(): Promise<{ executablePath: string; args: string[]; headless: true; env: NodeJS.ProcessEnv }> {
  const chromium = await findChromium();
  return { executablePath: chromium.executablePath, args: CHROMIUM_ARGS, headless: true, env: { ...process.env, ...chromium.env } };
}
