import { createFileRoute } from '@tanstack/react-router';
import { FlashSaleTransactionScreen } from '../../../features/flash-sale/transaction-screen';

export const Route = createFileRoute('/app/flash-sale/transaksi/$kode')({
  staticData: { routeName: 'flash-sale-transaction' },
  component: function FlashSaleTransactionRoute() {
    const { kode } = Route.useParams();
    return <FlashSaleTransactionScreen code={kode.toUpperCase()} />;
  },
});
