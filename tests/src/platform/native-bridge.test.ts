import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HOST_CREDENTIALS_KEY,
  awaitHostCredentials,
  externalClick,
  getHostCredentials,
  getVersionCode,
  hostKind,
  installNativeBridge,
  openExternal,
  postToHost,
  resetHostCredentialsForTests,
  setHostCredentials,
  setVersionCode,
} from '../../../src/platform/native-bridge';

type TestWindow = Window & {
  BerangkatAndroid?: unknown;
  webkit?: unknown;
  berangkatSetVersionCode?: (c: unknown) => boolean;
  berangkatSetCredentials?: (user: unknown, password: unknown) => boolean;
};
const win = window as TestWindow;

afterEach(() => {
  delete win.BerangkatAndroid;
  delete win.webkit;
  sessionStorage.clear();
  resetHostCredentialsForTests();
  vi.restoreAllMocks();
  vi.useRealTimers();
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

describe("the host's basic credentials (issue 21: no app password in the web bundle)", () => {
  it('are taken from the host through window.berangkatSetCredentials, kept for the tab; a bad pair is refused', () => {
    const android = vi.fn();
    win.BerangkatAndroid = { postMessage: android };
    installNativeBridge('APP-ANDROID');
    // The hook is there before the host hears `ready`, so it can answer at once.
    expect(typeof win.berangkatSetCredentials).toBe('function');
    expect(android).toHaveBeenCalledWith(expect.stringContaining('"type":"ready"'));

    expect(win.berangkatSetCredentials?.('user:colon', 'pw')).toBe(false);
    expect(win.berangkatSetCredentials?.('', 'pw')).toBe(false);
    expect(win.berangkatSetCredentials?.('user', '')).toBe(false);
    expect(win.berangkatSetCredentials?.('user', 42)).toBe(false);
    expect(win.berangkatSetCredentials?.('user', 'x'.repeat(201))).toBe(false);
    expect(getHostCredentials()).toBeNull();

    expect(win.berangkatSetCredentials?.('app-user', 'pass:with:colons')).toBe(true);
    expect(getHostCredentials()).toEqual({ user: 'app-user', password: 'pass:with:colons' });
    expect(JSON.parse(sessionStorage.getItem(HOST_CREDENTIALS_KEY) ?? 'null')).toEqual({
      user: 'app-user',
      password: 'pass:with:colons',
    });

    // A reload of the webview: the kept pair is there before the host answers again.
    resetHostCredentialsForTests();
    installNativeBridge('APP-ANDROID');
    expect(getHostCredentials()).toEqual({ user: 'app-user', password: 'pass:with:colons' });
  });

  it('a wait ends when the host hands them over', async () => {
    vi.useFakeTimers();
    installNativeBridge('APP-IOS', undefined, 1500);
    const waiting = awaitHostCredentials();
    await vi.advanceTimersByTimeAsync(200);
    expect(setHostCredentials('ios-user', 'ios-pass')).toBe(true);
    await expect(waiting).resolves.toEqual({ user: 'ios-user', password: 'ios-pass' });
  });

  it('a host that never answers leaves null after the wait, and later calls do not wait again', async () => {
    vi.useFakeTimers();
    installNativeBridge('APP-ANDROID', undefined, 1500);
    const waiting = awaitHostCredentials();
    let settled = false;
    void waiting.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(waiting).resolves.toBeNull();
    await expect(awaitHostCredentials()).resolves.toBeNull();
    // A late pair is still taken for the calls after it.
    setHostCredentials('late', 'pair');
    await expect(awaitHostCredentials()).resolves.toEqual({ user: 'late', password: 'pair' });
  });
});
