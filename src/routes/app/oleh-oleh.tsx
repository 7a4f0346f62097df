import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SouvenirCartProvider } from '../../flow/souvenir-cart-actor';

/** The souvenir pages share one cart (spec section 2, "Souvenir cart"). */
export const Route = createFileRoute('/app/oleh-oleh')({
  component: () => (
    <SouvenirCartProvider>
      <Outlet />
    </SouvenirCartProvider>
  ),
});
