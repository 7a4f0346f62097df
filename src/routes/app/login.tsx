import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../features/account/login-screen';
import { preloadAppFlow } from '../../flow/app-flow';
import { safeRedirect } from '../../flow/navigation';

export const Route = createFileRoute('/app/login')({
  staticData: { routeName: 'login' },
  // Only an internal path: anything else (another site, junk) goes home after signing in.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    search.redirect === undefined ? {} : { redirect: safeRedirect(search.redirect) },
  // The flow's inspector applies the login's navigation: its code is ready before the screen.
  loader: () => preloadAppFlow().catch(() => undefined),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginScreen redirect={redirect ?? '/'} />;
}
