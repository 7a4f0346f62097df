import { createFileRoute } from '@tanstack/react-router';
import { ConnectingInfoPage } from '../../features/booking/info-content';

export const Route = createFileRoute('/app/information-connecting')({
  staticData: { routeName: 'information-connecting' },
  component: ConnectingInfoPage,
});
