import { useQuery } from '@tanstack/react-query';
import { operatorsQueryOptions } from '../../api/content-queries';
import { Navbar } from '../../components/navbar';
import { OperatorLogo } from '../../components/operator-logo';
import { ListSkeleton, LoadFailed } from '../../components/list-states';

export const OPERATORS_TEXT = {
  title: 'Operator Mitra',
  intro: 'Operator bus dan shuttle yang tiketnya bisa kamu pesan di Berangkat.',
  loading: 'Memuat operator',
  type: { bus: 'Bus', shuttle: 'Shuttle' },
} as const;

/** /app/operator: the partner operators (list-operator). */
export function OperatorsScreen() {
  const query = useQuery(operatorsQueryOptions());
  return (
    <>
      <Navbar title={OPERATORS_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 space-y-3 px-4 py-4">
        <p className="text-sm text-grey-800">{OPERATORS_TEXT.intro}</p>
        {query.isPending ? (
          <ListSkeleton label={OPERATORS_TEXT.loading} rows={4} />
        ) : query.isError ? (
          <LoadFailed onRetry={() => void query.refetch()} />
        ) : (
          <ul className="grid gap-2 desktop:grid-cols-2">
            {query.data.list.map((operator) => (
              <li
                key={operator.kode}
                className="hairline flex items-center gap-3 rounded-card border-grey-200 bg-white p-3"
              >
                <OperatorLogo src={operator.logo} name={operator.nama} />
                <div>
                  <p className="text-sm font-bold">{operator.nama}</p>
                  <p className="text-xs text-grey-700">{OPERATORS_TEXT.type[operator.tipe]}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
