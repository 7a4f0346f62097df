import { Suspense, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { CALL_CENTER_WHATSAPP, SUPPORT_MESSAGE, type SupportTraceSent } from '../../../contract/support';
import { externalClick } from '../../platform/native-bridge';
import { buttonStyles } from '../../components/button-styles';
import { api } from '../../api/api';
import { isApiError } from '../../api/client';
import { useAppFlow } from '../../flow/app-flow';
import { downloadTrace } from '../../flow/trace-download';
import { cx } from '../../lib/cx';

/**
 * "Kirim ke CS": the visit's trace (masked by the recorder) sent to support, or downloaded as a
 * file. Beyond the spec (issue 10): support asks for the code when a customer calls.
 */

export const EXPORT_TEXT = {
  action: 'Kirim ke CS',
  title: 'Kirim catatan ke CS',
  explain: 'Catatan ini berisi langkah yang dilakukan aplikasi, tanpa nama, nomor handphone, atau email.',
  send: 'Kirim',
  sending: 'Mengirim...',
  download: 'Unduh JSON',
  close: 'Tutup',
  codeLabel: 'Kode CS',
  tellSupport: 'Sebutkan kode ini kepada CS kami.',
  copy: 'Salin kode',
  copied: 'Kode disalin',
  offline: 'Tidak dapat mengirim. Periksa koneksi lalu coba lagi.',
  retry: 'Coba Lagi',
  whatsapp: 'Hubungi CS lewat WhatsApp',
} as const;

/** The call centre's chat with the code already written (spec section 1: a configured WhatsApp contact). */
export function whatsappUrl(code: string): string {
  const number = import.meta.env.VITE_CALL_CENTER_WHATSAPP ?? CALL_CENTER_WHATSAPP;
  return `https://wa.me/${number}?text=${encodeURIComponent(`Halo CS Berangkat, kode catatan saya ${code}`)}`;
}

function failureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 413) return SUPPORT_MESSAGE.tooLarge;
    if (error.code === 'NETWORK' || error.status === 0 || error.status >= 500) return EXPORT_TEXT.offline;
    return error.message;
  }
  return EXPORT_TEXT.offline;
}

function expiryText(iso: string): string {
  return new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'Asia/Jakarta' }).format(new Date(iso));
}

function SentCode({ sent }: { sent: SupportTraceSent }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-4 rounded-card bg-primary-50 p-4 text-center" role="status">
      <p className="text-xs text-grey-700">{EXPORT_TEXT.codeLabel}</p>
      <p className="text-2xl font-bold tracking-widest" data-testid="support-code">
        {sent.kode}
      </p>
      <p className="mt-1 text-sm text-grey-700">{EXPORT_TEXT.tellSupport}</p>
      <p className="mt-1 text-xs text-grey-600">Berlaku sampai {expiryText(sent.berakhir_pada)}</p>
      <a
        href={whatsappUrl(sent.kode)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={externalClick('whatsapp')}
        className={cx(buttonStyles.secondary, 'mt-3 w-full')}
      >
        {EXPORT_TEXT.whatsapp}
        <span className="sr-only"> (jendela baru)</span>
      </a>
      <Button
        className={cx(buttonStyles.ghost, 'mt-2')}
        onPress={() => {
          void navigator.clipboard?.writeText(sent.kode).then(() => setCopied(true));
        }}
      >
        {copied ? EXPORT_TEXT.copied : EXPORT_TEXT.copy}
      </Button>
    </div>
  );
}

function ExportBody({ close }: { close: () => void }) {
  const { trace } = useAppFlow();
  const send = useMutation<SupportTraceSent, unknown, void>({
    mutationFn: () => api.request('supportTrace', { trace: trace.exportTrace() }),
  });
  return (
    <>
      <p className="mt-2 text-sm text-grey-700">{EXPORT_TEXT.explain}</p>
      {send.data ? <SentCode sent={send.data} /> : null}
      {send.isError ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger-700">
          {failureText(send.error)}
        </p>
      ) : null}
      <div className="mt-5 grid gap-2">
        {send.data ? null : (
          <Button className={buttonStyles.primary} isDisabled={send.isPending} onPress={() => send.mutate()}>
            {send.isPending ? EXPORT_TEXT.sending : send.isError ? EXPORT_TEXT.retry : EXPORT_TEXT.send}
          </Button>
        )}
        <Button className={buttonStyles.secondary} onPress={() => downloadTrace(trace.exportTrace())}>
          {EXPORT_TEXT.download}
        </Button>
        <Button className={buttonStyles.ghost} onPress={close}>
          {EXPORT_TEXT.close}
        </Button>
      </div>
    </>
  );
}

/** The dialog's content, for a trigger of the caller's (the debug panel's button). */
export function TraceExportDialog() {
  return (
    <ModalOverlay
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-grey-900/40 p-4 desktop:items-center"
    >
      <Modal className="w-full max-w-sm">
        <Dialog className="rounded-card bg-white p-5 shadow-lg outline-none">
          {({ close }) => (
            <>
              <Heading slot="title" className="text-lg font-bold">
                {EXPORT_TEXT.title}
              </Heading>
              <Suspense fallback={<p className="mt-2 text-sm text-grey-600">Memuat...</p>}>
                <ExportBody close={close} />
              </Suspense>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
