import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import {
  ChevronDown,
  CircleUserRound,
  Coins,
  Gift,
  LogOut,
  MessageSquareText,
  ReceiptText,
  TicketPercent,
  UserRound,
} from 'lucide-react';
import { api } from '../../api/api';
import { useAppFlow } from '../../flow/app-flow';
import { ROUTE_PATHS } from '../../flow/navigation';
import { cx } from '../../lib/cx';
import { storeProfileCopy } from '../../platform/session';

export const ACCOUNT_MENU_TEXT = {
  button: 'Akun Saya',
  signOut: 'Keluar',
} as const;

const ITEMS = [
  { id: 'profile', label: 'Profil Saya', to: ROUTE_PATHS['customer-profile'], icon: UserRound },
  { id: 'orders', label: 'Pesanan Saya', to: ROUTE_PATHS['customer-list-order'], icon: ReceiptText },
  { id: 'points', label: 'Point Saya', to: ROUTE_PATHS['list-customer-point'], icon: Coins },
  { id: 'vouchers', label: 'Voucher Saya', to: ROUTE_PATHS['customer-list-voucher'], icon: TicketPercent },
  { id: 'referral', label: 'Ajak Teman', to: ROUTE_PATHS.referral, icon: Gift },
  { id: 'feedback', label: 'Masukan', to: ROUTE_PATHS['customer-feedback'], icon: MessageSquareText },
] as const;

const itemClass = ({ isFocused }: { isFocused: boolean }) =>
  cx(
    'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-semibold text-grey-800 outline-none',
    isFocused && 'bg-primary-50 text-primary-800',
  );

/**
 * A token that came from a webview's `auth` or an old cookie is checked once: the profile is read
 * (and its session copy refreshed); a refused token is dropped by the API client, and the entry
 * turns back into "Masuk".
 */
function useSessionCheck() {
  useQuery({
    queryKey: ['account', 'session-check'],
    queryFn: async () => {
      const profile = await api.request('customerProfil', {});
      storeProfileCopy(profile);
      return profile;
    },
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

/** The signed-in customer's menu ("Akun Saya"): their screens, and "Keluar". */
export function AccountMenu({ inverted = false }: { inverted?: boolean }) {
  const router = useRouter();
  const flow = useAppFlow();
  useSessionCheck();
  return (
    <MenuTrigger>
      <Button
        className={cx(
          'inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2',
          inverted
            ? 'text-white hover:bg-white/10 data-[focus-visible]:outline-white'
            : 'text-primary-700 hover:bg-primary-50 data-[focus-visible]:outline-primary-600',
        )}
      >
        <CircleUserRound className="size-5" aria-hidden="true" />
        {ACCOUNT_MENU_TEXT.button}
        <ChevronDown className="size-4" aria-hidden="true" />
      </Button>
      <Popover placement="bottom end" className="hairline min-w-56 rounded-card border-grey-200 bg-white p-1 shadow-lg">
        <Menu
          className="outline-none"
          onAction={(key) => {
            if (key === 'logout') {
              flow.session.send({ type: 'session.signOut' });
              return;
            }
            const item = ITEMS.find((entry) => entry.id === key);
            if (item) void router.navigate({ href: item.to });
          }}
        >
          {ITEMS.map(({ id, label, icon: Icon }) => (
            <MenuItem key={id} id={id} textValue={label} className={itemClass}>
              <Icon className="size-5 text-grey-600" aria-hidden="true" />
              {label}
            </MenuItem>
          ))}
          <Separator className="my-1 h-px bg-grey-200" />
          <MenuItem id="logout" textValue={ACCOUNT_MENU_TEXT.signOut} className={itemClass}>
            <LogOut className="size-5 text-grey-600" aria-hidden="true" />
            {ACCOUNT_MENU_TEXT.signOut}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
