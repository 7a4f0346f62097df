import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

async function freshModule() {
  vi.resetModules();
  return import('../../src/platform/layout-mode');
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

beforeEach(() => {
  document.head.querySelectorAll('meta[name="vm"]').forEach((meta) => meta.remove());
  delete document.documentElement.dataset.vm;
});
afterEach(() => setWidth(1024));

describe('layout mode (vm page meta)', () => {
  it('keeps a mode set by the host', async () => {
    const meta = document.createElement('meta');
    meta.name = 'vm';
    meta.content = 'd';
    document.head.append(meta);
    setWidth(390);
    const { startLayoutMode, getLayoutMode } = await freshModule();
    expect(startLayoutMode()).toBe('d');
    window.dispatchEvent(new Event('resize'));
    expect(getLayoutMode()).toBe('d');
    expect(document.documentElement.dataset.vm).toBe('d');
  });

  it('follows the viewport when absent, and writes the meta', async () => {
    setWidth(390);
    const { startLayoutMode, getLayoutMode } = await freshModule();
    expect(startLayoutMode()).toBe('m');
    expect(document.head.querySelector('meta[name="vm"]')?.getAttribute('content')).toBe('m');

    setWidth(1280);
    window.dispatchEvent(new Event('resize'));
    expect(getLayoutMode()).toBe('d');
    expect(document.head.querySelector('meta[name="vm"]')?.getAttribute('content')).toBe('d');
    expect(document.documentElement.dataset.vm).toBe('d');

    setWidth(767);
    window.dispatchEvent(new Event('resize'));
    expect(getLayoutMode()).toBe('m');
  });

  it('ignores an invalid host value', async () => {
    const meta = document.createElement('meta');
    meta.name = 'vm';
    meta.content = 'tablet';
    document.head.append(meta);
    setWidth(1280);
    const { startLayoutMode } = await freshModule();
    expect(startLayoutMode()).toBe('d');
  });
});
