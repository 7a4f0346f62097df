import { createFileRoute } from '@tanstack/react-router';
import { detailVoucherQueryOptions } from '../../../api/voucher-queries';
import { CustomerVoucherDetailScreen } from '../../../features/account/vouchers-screen';
import { VoucherDetailPage } from '../../../features/booking/standalone-pages';

export const Route = createFileRoute('/app/customer/detail-voucher/$code')({
  staticData: { routeName: 'customer-detail-voucher' },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(detailVoucherQueryOptions(params.code));
  },
  component: CustomerDetailVoucherRoute,
});

function CustomerDetailVoucherRoute() {
  return <CustomerVoucherDetailScreen detail={<VoucherDetailPage code={Route.useParams().code} />} />;
}
