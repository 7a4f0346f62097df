import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { danglingOptionalEdges, type LockFile } from '../../scripts/prune-lock';

describe('package-lock.json', () => {
  it('has no optional edge to a package it does not lock, so `npm ci` accepts it', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as LockFile;
    expect(danglingOptionalEdges(lock)).toEqual([]);
  });
});
