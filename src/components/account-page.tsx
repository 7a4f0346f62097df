import type { ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { cx } from '../lib/cx';
import { useSignedIn } from '../platform/use-signed-in';
import { buttonStyles } from './button-styles';
import { Navbar } from './navbar';

/** Spec section 6: what a guest reads where a signed-in customer's feature would be. */
export const SIGN_IN_TEXT = 'Masuk untuk bisa gunakan fitur ini';

/**
 * The frame of every customer screen: the navbar and, for a guest, the spec's sign-in text with a
 * "Masuk" link that comes back here after signing in.
 */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  const signedIn = useSignedIn();
  return (
    <>
      <Navbar title={title} />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-4 py-4">
        {signedIn ? children : <SignInPrompt />}
      </main>
    </>
  );
}

/** "Masuk untuk bisa gunakan fitur ini" with the way to sign in and back to this page. */
export function SignInPrompt() {
  const href = useRouterState({ select: (state) => state.location.href });
  return (
    <section className="hairline rounded-card border-grey-200 bg-white p-6 text-center">
      <LogIn className="mx-auto size-10 text-primary-600" aria-hidden="true" />
      <p className="mt-3 text-lg font-bold">{SIGN_IN_TEXT}</p>
      <Link to="/app/login" search={{ redirect: href }} className={cx(buttonStyles.primary, 'mt-5')}>
        Masuk
      </Link>
    </section>
  );
}
