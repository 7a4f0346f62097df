import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { bannerPopupQueryOptions } from '../../api/content-queries';
import { buttonStyles } from '../../components/button-styles';
import { externalClick } from '../../platform/native-bridge';

export const POPUP_TEXT = { close: 'Tutup' } as const;

/** Shared with the root layout, which reads it before loading this module. */
const seenKey = (adsCode: string) => `berangkat:popup-seen:${adsCode.toUpperCase()}`;

function markSeen(adsCode: string): void {
  try {
    sessionStorage.setItem(seenKey(adsCode), '1');
  } catch {
    // Private mode: the popup may show again on the next page load, never twice on one page.
  }
}

/** The campaign popup of the landing's ads code (banner-popup), once per session. */
export default function AdsPopup({ adsCode }: { adsCode: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(true);
  const query = useQuery(bannerPopupQueryOptions(adsCode));
  const popup = query.data?.popup;
  if (!open || !popup) return null;
  const close = () => {
    markSeen(adsCode);
    setOpen(false);
  };
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(next) => {
        if (!next) close();
      }}
      className="fixed inset-0 z-50 flex items-center justify-center bg-grey-900/50 p-4"
    >
      <Modal className="w-full max-w-sm overflow-hidden rounded-card bg-white shadow-lg">
        <Dialog className="outline-none">
          <img
            src={popup.gambar.url}
            alt=""
            width={popup.gambar.lebar}
            height={popup.gambar.tinggi}
            className="h-auto w-full"
          />
          <div className="space-y-2 p-5">
            <Heading slot="title" className="text-lg font-bold">
              {popup.judul}
            </Heading>
            <p className="text-sm text-grey-800">{popup.deskripsi}</p>
            <div className="grid grid-cols-2 gap-2 pt-2">
              <Button className={buttonStyles.secondary} onPress={close}>
                {POPUP_TEXT.close}
              </Button>
              {popup.tautan ? (
                <a
                  href={popup.tautan}
                  {...(popup.tautan.startsWith('/app')
                    ? {
                        onClick: (event: React.MouseEvent<HTMLAnchorElement>) => {
                          event.preventDefault();
                          close();
                          void router.navigate({ href: popup.tautan ?? '/' });
                        },
                      }
                    : { target: '_blank', rel: 'noopener noreferrer', onClick: externalClick('other') })}
                  className={buttonStyles.primary}
                >
                  {popup.tombol}
                </a>
              ) : null}
            </div>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
