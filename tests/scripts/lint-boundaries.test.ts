import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of ARCHITECTURE.md, proven on the project's own lint config.
const eslint = new ESLint();

async function ruleIds(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe('lint enforces the layer boundaries', () => {
  it('refuses an import from server/ into src/', async () => {
    const ids = await ruleIds(
      "import { openDatabase } from '../server/db/client';\nexport const o = openDatabase;\n",
      'src/probe.ts',
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuses server/ importing machines/ or src/', async () => {
    const ids = await ruleIds(
      "import { BACK_NAVIGATION_DELAY_MS } from '../machines/constants';\nexport const d = BACK_NAVIGATION_DELAY_MS;\n",
      'server/probe.ts',
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuses React, fetch and Date in machines/', async () => {
    const ids = await ruleIds(
      "import { useState } from 'react';\nexport const a = [useState, fetch, Date.now()];\n",
      'machines/probe.ts',
    );
    expect(ids).toContain('no-restricted-imports');
    expect(ids.filter((id) => id === 'no-restricted-globals')).toHaveLength(2);
  });

  it('lets src/ import contract/', async () => {
    const ids = await ruleIds(
      "import { messages } from '../contract/fields';\nexport const m = messages;\n",
      'src/probe.ts',
    );
    expect(ids).not.toContain('import-x/no-restricted-paths');
  });
});

describe('lint enforces the walls inside src/', () => {
  /** Whether importing `from` in `file` breaks a wall. */
  async function hitsWall(from: string, file: string) {
    const ids = await ruleIds(`import * as probe from '${from}';\nexport const p = probe;\n`, file);
    return ids.includes('import-x/no-restricted-paths');
  }

  it("refuses a feature reaching into another feature's files", async () => {
    expect(await hitsWall('../booking/voucher-list', 'src/features/account/probe.ts')).toBe(true);
    expect(await hitsWall('../../search/date-calendar', 'src/features/schedules/date-strip/probe.ts')).toBe(true);
  });

  it("lets a feature import another through that feature's index.ts", async () => {
    expect(await hitsWall('../booking', 'src/features/account/probe.ts')).toBe(false);
    expect(await hitsWall('../booking/index', 'src/features/account/probe.ts')).toBe(false);
    expect(await hitsWall('../../search', 'src/features/schedules/date-strip/probe.ts')).toBe(false);
  });

  it("lets a feature import its own files, and routes import any feature's files", async () => {
    expect(await hitsWall('./voucher-list', 'src/features/booking/probe.ts')).toBe(false);
    expect(await hitsWall('../../features/booking/standalone-pages', 'src/routes/app/probe.tsx')).toBe(false);
  });

  it.each(['../features/account', '../features/account/login-entry', '../flow/app-flow', '../routes/__root'])(
    'refuses the UI kit importing %s',
    async (from) => {
      expect(await hitsWall(from, 'src/components/probe.ts')).toBe(true);
    },
  );

  it.each(['lib', 'api', 'platform', 'trace'])('refuses src/%s importing a feature or the flow', async (folder) => {
    expect(await hitsWall('../features/account', `src/${folder}/probe.ts`)).toBe(true);
    expect(await hitsWall('../flow/navigation', `src/${folder}/probe.ts`)).toBe(true);
  });

  it('refuses the flow importing a feature', async () => {
    expect(await hitsWall('../features/account', 'src/flow/probe.ts')).toBe(true);
  });

  it('lets the flow, the kit and the features import what lies below them', async () => {
    expect(await hitsWall('../api/api', 'src/flow/probe.ts')).toBe(false);
    expect(await hitsWall('../lib/cx', 'src/components/probe.ts')).toBe(false);
    expect(await hitsWall('../../components/navbar', 'src/features/booking/probe.ts')).toBe(false);
    expect(await hitsWall('../../flow/app-flow', 'src/features/booking/probe.ts')).toBe(false);
  });
});

describe('lint keeps actors and time in src/flow (ADR 0012)', () => {
  it('refuses a screen starting an actor or a timer itself', async () => {
    const ids = await ruleIds(
      "import { useActorRef } from '@xstate/react';\nimport { createActor } from 'xstate';\nexport const a = [useActorRef, createActor, setTimeout];\n",
      'src/features/order/probe.ts',
    );
    expect(ids.filter((id) => id === 'no-restricted-imports')).toHaveLength(2);
    expect(ids).toContain('no-restricted-globals');
  });

  it('lets a screen read an actor, and the flow start one', async () => {
    const screen = await ruleIds(
      "import { useSelector } from '@xstate/react';\nexport const s = useSelector;\n",
      'src/features/order/probe.ts',
    );
    const flow = await ruleIds(
      "import { useActorRef } from '@xstate/react';\nimport { createActor } from 'xstate';\nexport const a = [useActorRef, createActor, setTimeout];\n",
      'src/flow/probe.ts',
    );
    expect(screen).toEqual([]);
    expect(flow).toEqual([]);
  });
});

describe('lint enforces the layers inside server/', () => {
  it('refuses server/db importing server/services', async () => {
    const ids = await ruleIds(
      "import { feeOn } from '../services/pricing';\nexport const f = feeOn;\n",
      'server/db/probe.ts',
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuses server/lib importing server/db', async () => {
    const ids = await ruleIds(
      "import { reservations } from '../db/schema';\nexport const r = reservations;\n",
      'server/lib/probe.ts',
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('lets server/db and server/services import server/lib', async () => {
    const code = "import { addDays } from '../lib/dates';\nexport const a = addDays;\n";
    expect(await ruleIds(code, 'server/db/probe.ts')).not.toContain('import-x/no-restricted-paths');
    expect(await ruleIds(code, 'server/services/probe.ts')).not.toContain('import-x/no-restricted-paths');
  });
});
