import { existsSync } from 'node:fs';
import { run } from './run';

/** Debian's HAProxy, which tests/server/haproxy.test.ts puts in front of two API processes. */
export const HAPROXY_PATH = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/**
 * Installs Debian's "haproxy" package with apt when this is root on Debian (as ensureChromium does
 * for the browser); otherwise says in one line what to do. The test starts its own haproxy with
 * deploy/haproxy.cfg and stops it: the package's own service is never started here (Debian's
 * policy-rc.d on these machines refuses it; a running one is left as it was).
 */
export async function ensureHaproxy(): Promise<boolean> {
  if (existsSync(HAPROXY_PATH)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get') && existsSync('/etc/debian_version')) {
    console.log(`HAProxy tidak ada di ${HAPROXY_PATH}: memasang paket Debian "haproxy" dengan apt-get...`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (
      (await run('apt-get', ['update', '-qq'], env)) === 0 &&
      (await run('apt-get', ['install', '-y', '-qq', 'haproxy'], env)) === 0
    ) {
      if (existsSync(HAPROXY_PATH)) return true;
    }
  }
  console.error(
    `HAProxy not found at ${HAPROXY_PATH}: run "sudo apt-get install -y haproxy" (Debian) or set HAPROXY_PATH, then run the tests again; until then the HAProxy test is skipped.`,
  );
  return false;
}
