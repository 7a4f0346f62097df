import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema, readEnv } from '../../server/env';
import { startRefusals } from '../../server/production-checks';
import { SERVER_NODE_FLAGS } from '../../bench/support/server';

/**
 * `docker build` cannot run on the development machines, so the deploy files are checked against
 * what they must agree with: the Dockerfile's start command is what `npm start` runs and its port
 * is the one it exposes and health-checks; every setting compose.yaml gives is one the server's
 * schema (server/env.ts) knows, and together they start production mode with no refusal; every
 * setting of the schema is in README's "Deploy" table. The schema's keys are read at run time, so
 * a setting added later must be documented and may be used at once.
 */
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions per stage (continuation lines joined, comments dropped). */
function dockerStages(text: string): { from: string; instructions: Instruction[] }[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: { from: string; instructions: Instruction[] }[] = [];
  for (const line of lines) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') stages.push({ from: instruction.args, instructions: [] });
    else stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

const schemaKeys = Object.keys(EnvSchema.shape);
const dockerfile = dockerStages(read('Dockerfile'));
const runStage = dockerfile.at(-1)!;
const runArgs = (keyword: string) => runStage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
const imageEnv = Object.fromEntries(
  runArgs('ENV').map((args) => {
    const [name = '', value = ''] = args.split('=');
    return [name, value];
  }),
);

interface ComposeService {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  healthcheck?: { test?: unknown };
  volumes?: string[];
  ports?: string[];
  restart?: string;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const apps = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
const haproxyCfg = read('deploy/haproxy.cfg');

/** compose's `${NAME:?message}` as an operator fills it in: a value for every required variable. */
/** What an operator exports for the settings whose form the schema checks; the rest take a long secret. */
const SAMPLE_VALUES: Record<string, string> = {
  SMTP_URL: 'smtps://otp%40berangkat.id:rahasia@mail.berangkat.id:465',
  SMTP_FROM: 'Berangkat <no-reply@berangkat.id>',
};

/** compose's `${X:?message}` as the operator fills it in; `${X:-}` left empty stays unset. */
const filledIn = (value: string) =>
  value.replace(/\$\{(\w+)(:?[?-][^}]*)?\}/g, (_, name: string, rule: string | undefined) =>
    rule === ':-' ? '' : (SAMPLE_VALUES[name] ?? `${name.toLowerCase()}:${'x'.repeat(40)}`),
  );

/** README's "Deploy" section: from its heading to the next second-level heading. */
function deploySection(): string {
  const readme = read('README.md');
  const start = readme.indexOf('\n## Deploy\n');
  expect(start, 'README has a "## Deploy" section').toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe('Dockerfile', () => {
  it('builds in stages and runs the compiled server that npm start runs, as a user that is not root', () => {
    expect(dockerfile.length).toBeGreaterThanOrEqual(2);
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!;
    const cmd = JSON.parse(runArgs('CMD').at(-1)!) as string[];
    expect(start).toMatch(new RegExp(`(^|&& )(exec )?${cmd.join(' ').replace(/[.]/g, '\\.')}$`));
    expect(cmd).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist-server/index.js']);
    // The benchmarks measure the server with the heap limits it runs with everywhere.
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.serve).toContain(`exec node ${SERVER_NODE_FLAGS.join(' ')} dist-server/index.js`);
    expect(scripts['serve:cluster']).toContain(`exec node ${SERVER_NODE_FLAGS.join(' ')} dist-server/cluster.js`);
    const user = runArgs('USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
    expect(imageEnv.NODE_ENV).toBe('production');
    // The run stage takes the builds and production dependencies only.
    const copies = runArgs('COPY').join('\n');
    expect(copies).toMatch(/--from=build \/app\/dist \.\/dist/);
    expect(copies).toMatch(/--from=build \/app\/dist-server \.\/dist-server/);
    // node_modules come from a stage that installed production dependencies only.
    const depsAlias = /--from=(\w+) \/app\/node_modules/.exec(copies)?.[1];
    const depsStage = dockerfile.find((stage) => stage.from.split(/\s+AS\s+/i)[1] === depsAlias);
    expect(depsStage?.instructions.some((i) => i.keyword === 'RUN' && /npm ci .*--omit=dev/.test(i.args))).toBe(true);
  });

  it('exposes the port it listens on and health-checks that port', () => {
    const port = imageEnv.PORT;
    expect(port).toMatch(/^\d+$/);
    expect(runArgs('EXPOSE')).toEqual([port]);
    expect(imageEnv.HOST).toBe('0.0.0.0');
    const check = runArgs('HEALTHCHECK').at(-1)!;
    expect(check).toContain('/api/health');
    expect(check).toContain(`process.env.PORT || ${port}`);
    // The image's settings are the server's own.
    for (const name of Object.keys(imageEnv)) expect(schemaKeys).toContain(name);
  });
});

describe('compose.yaml', () => {
  it('runs PostgreSQL, Redis, two or more API containers of the image and HAProxy, each health-checked', () => {
    expect(apps.length).toBeGreaterThanOrEqual(2);
    for (const name of ['postgres', 'redis', 'haproxy']) {
      expect(compose.services[name], name).toBeDefined();
      expect(compose.services[name]!.healthcheck?.test, `${name} health check`).toBeDefined();
    }
    // The API containers' health check is the image's HEALTHCHECK.
    expect(runArgs('HEALTHCHECK')).toHaveLength(1);
    for (const [name, service] of Object.entries(compose.services))
      expect(service.restart, `${name} restarts`).toBe('unless-stopped');
    expect(compose.services.haproxy!.volumes).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
  });

  it('gives the API containers only settings of the server, and all production needs', () => {
    for (const [name, app] of apps) {
      const environment = app.environment ?? {};
      for (const key of Object.keys(environment)) expect(schemaKeys, `${name}: ${key}`).toContain(key);
      const env = readEnv(
        Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, filledIn(value)])),
      );
      expect(env.demo).toBe(false);
      expect(env.production).toBe(true);
      expect(startRefusals(env)).toEqual([]);
      // Every setting production refuses to start without is named in compose, not left to chance.
      const required = startRefusals(readEnv({ NODE_ENV: 'production' })).map((line) => /^[A-Z_]+/.exec(line)?.[0]);
      expect(required.length).toBeGreaterThan(0);
      for (const setting of required) expect(Object.keys(environment), `${name} sets ${setting}`).toContain(setting);
      expect(env.port).toBe(Number(imageEnv.PORT));
      expect(env.host).toBe('0.0.0.0');
      expect(env.trustProxyHops).toBe(1);
      expect(env.redisUrl).toBeDefined();
    }
  });

  it('puts every API container behind HAProxy, on the port it listens on, with checks and timeouts', () => {
    const haproxy = compose.services.haproxy!.environment ?? {};
    const servers = [...haproxyCfg.matchAll(/^\s*server (\S+) "\$\{(\w+)\}"/gm)].map((match) => match[2]!);
    expect(servers).toHaveLength(apps.length);
    expect(servers.map((variable) => haproxy[variable]).sort()).toEqual(
      apps.map(([name, app]) => `${name}:${app.environment?.PORT ?? imageEnv.PORT}`).sort(),
    );
    const listen = /:(\d+)$/.exec(haproxy.BERANGKAT_LISTEN ?? '')?.[1];
    expect(compose.services.haproxy!.ports).toContain(`${listen}:${listen}`);
    expect(JSON.stringify(compose.services.haproxy!.healthcheck?.test)).toContain(`/dev/tcp/127.0.0.1/${listen}`);
    for (const directive of [
      /^\s*timeout connect \d+s$/m,
      /^\s*timeout client \d+s$/m,
      /^\s*timeout server \d+s$/m,
      /^\s*option httpchk$/m,
      /^\s*http-check send meth GET uri \/api\/(health|ready)$/m,
      /^\s*default-server check /m,
      /^\s*option forwardfor$/m,
      /^\s*retry-on conn-failure$/m,
    ])
      expect(haproxyCfg).toMatch(directive);
    // A request that reached a process is never sent to another (a POST could be carried out twice).
    expect(haproxyCfg).not.toMatch(/retry-on .*(empty-response|response-timeout|all-retryable-errors)/);
  });
});

describe('README "Deploy"', () => {
  it('documents every setting of the server, the start command and the ports', () => {
    const section = deploySection();
    const missing = schemaKeys.filter((key) => !section.includes(`\`${key}\``));
    expect(missing, 'settings missing from README "Deploy"').toEqual([]);
    expect(section).toContain('node dist-server/index.js');
    expect(section).toContain(`\`${imageEnv.PORT}\``);
    expect(section).toContain('compose.yaml');
    expect(section).toContain('deploy/haproxy.cfg');
    expect(section).toContain('npm run serve:cluster');
    expect(section).toContain('`CLUSTER_SIZE`');
  });
});
