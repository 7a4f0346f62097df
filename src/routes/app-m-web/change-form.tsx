import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Navbar } from '../../components/navbar';
import { SearchForm } from '../-components/search-form';

/** "Ubah Pencarian" (mobile web): the home search form on its own screen. */
export const Route = createFileRoute('/app-m-web/change-form')({
  staticData: { routeName: 'change-form' },
  component: ChangeFormScreen,
});

function ChangeFormScreen() {
  return (
    <>
      <Navbar title="Ubah Pencarian" />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-4">
        <SearchForm />
      </main>
      <Outlet />
    </>
  );
}
