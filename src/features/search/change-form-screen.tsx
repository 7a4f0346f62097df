import { Outlet } from '@tanstack/react-router';
import { Navbar } from '../../components/navbar';
import { todayInJakarta, tomorrowInJakarta } from '../../lib/format';
import { changeFormInitial, type ChangeFormSearch } from '../../lib/schedule-search';
import { SearchForm } from './search-form';

/** "Ubah Pencarian" (mobile web): the search form on its own screen, filled with the current search. */
export function ChangeFormScreen({ search }: { search: ChangeFormSearch }) {
  const initial = changeFormInitial(search, todayInJakarta(), tomorrowInJakarta());
  return (
    <>
      <Navbar title="Ubah Pencarian" />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-4">
        {/* A day chosen in the calendar child starts the form again from the search. */}
        <SearchForm key={`${initial.date}|${initial.returnDate}`} initial={initial} />
      </main>
      <Outlet />
    </>
  );
}
