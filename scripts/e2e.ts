import { rmSync } from 'node:fs';
import { ensureChromium } from './chromium';
import { run } from './run';

// npm run test:e2e [playwright args]: production build, fresh embedded database, Debian Chromium.
if (!(await ensureChromium())) process.exit(1);
if (process.env.E2E_SKIP_BUILD !== '1') {
  if ((await run('npx', ['vite', 'build'])) !== 0) process.exit(1);
  if ((await run('npx', ['tsx', 'scripts/build-server.ts'])) !== 0) process.exit(1);
}
for (const dir of ['.data-e2e', '.data-e2e-mobile']) rmSync(dir, { recursive: true, force: true });
// The server as npm start runs it: compiled, on plain node.
const compiled = process.env.E2E_SKIP_BUILD === '1' ? {} : { E2E_COMPILED_SERVER: '1' };
process.exit(await run('npx', ['playwright', 'test', ...process.argv.slice(2)], compiled));
