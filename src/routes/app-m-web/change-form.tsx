import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Navbar } from '../../components/navbar';
import { todayInJakarta, tomorrowInJakarta } from '../../lib/format';
import { changeFormInitial, changeFormSearchSchema } from '../../lib/schedule-search';
import { SearchForm } from '../-components/search-form';

/** "Ubah Pencarian" (mobile web): the search form on its own screen, filled with the current search. */
export const Route = createFileRoute('/app-m-web/change-form')({
  staticData: { routeName: 'change-form' },
  validateSearch: changeFormSearchSchema,
  component: ChangeFormScreen,
});

function ChangeFormScreen() {
  const search = Route.useSearch();
  const initial = changeFormInitial(search, todayInJakarta(), tomorrowInJakarta());
  return (
    <>
      <Navbar title="Ubah Pencarian" />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-4">
        <SearchForm initial={initial} />
      </main>
      <Outlet />
    </>
  );
}
