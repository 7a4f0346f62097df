import { lazy, Suspense } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { CircleUserRound } from 'lucide-react';
import { ROUTE_PATHS } from '../../flow/navigation';
import { cx } from '../../lib/cx';
import { useSignedIn } from '../../platform/use-signed-in';

/*
 * The menu (react-aria-components) loads only for a signed-in customer: a guest's home page stays
 * within its weight budget.
 */
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

const LOGIN_PATH = ROUTE_PATHS.login;

const entryClass = (inverted: boolean) =>
  cx(
    'inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold',
    inverted ? 'text-white hover:bg-white/10' : 'text-primary-700 hover:bg-primary-50',
  );

/**
 * The account entry of the home page and the navbar: "Masuk" for a guest (back here afterwards),
 * the "Akun Saya" menu for a signed-in customer.
 */
export function AccountEntry({ inverted = false }: { inverted?: boolean }) {
  const signedIn = useSignedIn();
  const here = useRouterState({ select: (state) => state.location.href });
  const onLoginPage = useRouterState({ select: (state) => state.location.pathname === LOGIN_PATH });
  if (onLoginPage) return null;
  if (signedIn) {
    return (
      <Suspense
        fallback={
          <span className={entryClass(inverted)} aria-hidden="true">
            <CircleUserRound className="size-5" />
          </span>
        }
      >
        <AccountMenu inverted={inverted} />
      </Suspense>
    );
  }
  return (
    <Link to={LOGIN_PATH} search={{ redirect: here }} className={entryClass(inverted)}>
      <CircleUserRound className="size-5" aria-hidden="true" />
      Masuk
    </Link>
  );
}
