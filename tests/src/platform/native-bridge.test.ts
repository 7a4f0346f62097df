import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  externalClick,
  getVersionCode,
  hostKind,
  installNativeBridge,
  openExternal,
  postToHost,
  setVersionCode,
} from '../../../src/platform/native-bridge';

type TestWindow = Window & {
  BerangkatAndroid?: unknown;
  webkit?: unknown;
  berangkatSetVersionCode?: (c: unknown) => boolean;
};
const win = window as TestWindow;

afterEach(() => {
  delete win.BerangkatAndroid;
  delete win.webkit;
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the native bridge', () => {
  it('posts JSON strings to Android and objects to iOS; nothing in a browser', () => {
    expect(hostKind()).toBeNull();
    expect(postToHost({ type: 'back', route: '/app/login' })).toBe(false);

    const android = vi.fn();
    win.BerangkatAndroid = { postMessage: android };
    expect(hostKind()).toBe('android');
    expect(postToHost({ type: 'back', route: '/app/login?x=1' })).toBe(true);
    expect(android).toHaveBeenCalledWith('{"type":"back","route":"/app/login?x=1"}');
    delete win.BerangkatAndroid;

    const ios = vi.fn();
    win.webkit = { messageHandlers: { berangkat: { postMessage: ios } } };
    expect(hostKind()).toBe('ios');
    postToHost({ type: 'open-external', url: 'https://wa.me/62811', kind: 'whatsapp' });
    expect(ios).toHaveBeenCalledWith({ type: 'open-external', url: 'https://wa.me/62811', kind: 'whatsapp' });
  });

  it('a host that throws is treated as absent', () => {
    win.BerangkatAndroid = {
      postMessage: () => {
        throw new Error('gone');
      },
    };
    expect(postToHost({ type: 'back', route: '/' })).toBe(false);
  });

  it('keeps a well-formed version code (also across a reload), ignores anything else', () => {
    installNativeBridge('APP-ANDROID');
    expect(win.berangkatSetVersionCode?.('12a')).toBe(false);
    expect(win.berangkatSetVersionCode?.(-1)).toBe(false);
    expect(win.berangkatSetVersionCode?.('12345678901')).toBe(false);
    expect(win.berangkatSetVersionCode?.(120)).toBe(true);
    expect(getVersionCode()).toBe('120');
    expect(sessionStorage.getItem('berangkat:version-code')).toBe('120');
    expect(setVersionCode('121')).toBe(true);
    expect(getVersionCode()).toBe('121');
  });

  it('opens an external link through the host, or in a new tab in a browser', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openExternal('https://www.google.com/maps/search/?api=1&query=1,2', 'maps');
    expect(open).toHaveBeenCalledWith(
      'https://www.google.com/maps/search/?api=1&query=1,2',
      '_blank',
      'noopener,noreferrer',
    );

    const android = vi.fn();
    win.BerangkatAndroid = { postMessage: android };
    openExternal('/app/detail-refundable', 'refundable');
    expect(JSON.parse(android.mock.calls[0]?.[0] as string)).toEqual({
      type: 'open-external',
      url: `${window.location.origin}/app/detail-refundable`,
      kind: 'refundable',
    });
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("a link's click is left to the browser, and taken over inside a host", () => {
    const anchor = document.createElement('a');
    anchor.href = 'https://wa.me/6281100001111';
    const click = () => {
      const event = { preventDefault: vi.fn(), currentTarget: anchor };
      externalClick('whatsapp')(event as never);
      return event.preventDefault;
    };
    expect(click()).not.toHaveBeenCalled();
    const ios = vi.fn();
    win.webkit = { messageHandlers: { berangkat: { postMessage: ios } } };
    expect(click()).toHaveBeenCalled();
    expect(ios).toHaveBeenCalledWith({ type: 'open-external', url: 'https://wa.me/6281100001111', kind: 'whatsapp' });
  });
});
