import type { Page } from '@playwright/test';
import type { HostMessage } from '../../src/platform/native-bridge';

export type HostKind = 'android' | 'ios';

/**
 * A fake native host: the objects an Android (JavascriptInterface) or iOS (script message
 * handler) webview injects, recording every message the page posts. The record lives on the
 * test's side, so it survives the page's navigations and reloads.
 */
export async function fakeNativeHost(page: Page, kind: HostKind): Promise<HostMessage[]> {
  const messages: HostMessage[] = [];
  await page.exposeBinding('__recordHostMessage', (_source, message: HostMessage) => {
    messages.push(message);
  });
  await page.addInitScript((host: HostKind) => {
    const record = (message: unknown) =>
      (window as unknown as { __recordHostMessage: (m: unknown) => void }).__recordHostMessage(message);
    if (host === 'android') {
      // Android hands the page a Java object whose methods take strings.
      Object.assign(window, { BerangkatAndroid: { postMessage: (json: string) => record(JSON.parse(json)) } });
    } else {
      Object.assign(window, { webkit: { messageHandlers: { berangkat: { postMessage: (m: unknown) => record(m) } } } });
    }
  }, kind);
  return messages;
}

export const PLATFORM_OF: Record<HostKind, 'APP-ANDROID' | 'APP-IOS'> = { android: 'APP-ANDROID', ios: 'APP-IOS' };
