import { createFileRoute } from '@tanstack/react-router';
import { detailVoucherQueryOptions } from '../../api/voucher-queries';
import { VoucherDetailPage } from '../../features/booking/standalone-pages';

export const Route = createFileRoute('/app/detail-voucher/$code')({
  staticData: { routeName: 'detail-voucher' },
  // Starts the read without blocking: the page shows its skeleton until it lands.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(detailVoucherQueryOptions(params.code));
  },
  component: DetailVoucherScreen,
});

function DetailVoucherScreen() {
  return <VoucherDetailPage code={Route.useParams().code} />;
}
