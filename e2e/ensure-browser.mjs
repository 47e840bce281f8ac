// Finds a Chromium for the end-to-end tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
// else Playwright's own download (`playwright install chromium`, needs internet).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((p) => fs.existsSync(p));
if (found) {
  console.log(`e2e: using ${found}`);
} else {
  console.log('e2e: no system Chromium found; installing Playwright\'s own Chromium');
  const r = spawnSync('playwright', ['install', 'chromium'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) {
    console.error('e2e: could not install Chromium. Install your distribution\'s chromium package or set CHROMIUM_PATH.');
    process.exit(1);
  }
}
