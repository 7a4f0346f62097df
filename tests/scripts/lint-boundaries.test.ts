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
