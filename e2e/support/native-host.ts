import type { Page } from '@playwright/test';
import { DEFAULT_BASIC_CREDENTIALS } from '../../contract';
import type { HostMessage } from '../../src/platform/native-bridge';

export type HostKind = 'android' | 'ios';

export const PLATFORM_OF: Record<HostKind, 'APP-ANDROID' | 'APP-IOS'> = { android: 'APP-ANDROID', ios: 'APP-IOS' };

export interface FakeHostOptions {
  /**
   * Whether the host hands the page its app's basic credentials when it hears `ready`, as every
   * app version since issue 21 does; false plays an older app that never does.
   */
  handsCredentials?: boolean;
}

/**
 * A fake native host: the objects an Android (JavascriptInterface) or iOS (script message
 * handler) webview injects, recording every message the page posts. The record lives on the
 * test's side, so it survives the page's navigations and reloads. Like a real host it answers the
 * page's `ready` with its own credentials (which its binary holds; the web bundle never does),
 * through `window.berangkatSetCredentials`, a moment later and from outside the page's call.
 */
export async function fakeNativeHost(
  page: Page,
  kind: HostKind,
  { handsCredentials = true }: FakeHostOptions = {},
): Promise<HostMessage[]> {
  const messages: HostMessage[] = [];
  await page.exposeBinding('__recordHostMessage', (_source, message: HostMessage) => {
    messages.push(message);
  });
  const credentials = handsCredentials ? DEFAULT_BASIC_CREDENTIALS[PLATFORM_OF[kind]] : null;
  await page.addInitScript(
    ({ host, pair }: { host: HostKind; pair: { user: string; password: string } | null }) => {
      const page = window as unknown as {
        __recordHostMessage: (m: unknown) => void;
        berangkatSetCredentials?: (user: string, password: string) => boolean;
      };
      const receive = (message: unknown) => {
        page.__recordHostMessage(message);
        if (pair && (message as { type?: unknown }).type === 'ready') {
          // A real host answers from its own thread, after the page's post has returned.
          setTimeout(() => page.berangkatSetCredentials?.(pair.user, pair.password), 10);
        }
      };
      if (host === 'android') {
        // Android hands the page a Java object whose methods take strings.
        Object.assign(window, { BerangkatAndroid: { postMessage: (json: string) => receive(JSON.parse(json)) } });
      } else {
        Object.assign(window, {
          webkit: { messageHandlers: { berangkat: { postMessage: (m: unknown) => receive(m) } } },
        });
      }
    },
    { host: kind, pair: credentials },
  );
  return messages;
}
