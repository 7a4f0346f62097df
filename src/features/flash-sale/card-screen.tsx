import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, Heading, Label, Modal, ModalOverlay, Radio, RadioGroup } from 'react-aria-components';
import { LoaderCircle, Timer } from 'lucide-react';
import { FLASH_SALE_MESSAGES, type QuizOptionCode } from '../../../contract/flashsale';
import { formatCountdown } from '../../../machines/countdown';
import type { BookerField, FlashSaleCardDetail } from '../../../machines/flash-sale.machine';
import { flashSaleCardQueryOptions } from '../../api/flash-sale-queries';
import { buttonStyles } from '../../components/button-styles';
import { FullPageLoader } from '../../components/full-page-loader';
import { Navbar } from '../../components/navbar';
import { OperatorLogo } from '../../components/operator-logo';
import { cx } from '../../lib/cx';
import { formatDateShort, formatRupiah } from '../../lib/format';
import { ListSkeleton, LoadFailed } from '../../components/list-states';
import { Card, Skeleton, TextField } from '../../components/form-field';
import { useFlashSaleActor, useFlashSaleSelector } from '../../flow/flash-sale-actor';

export const CARD_TEXT = {
  title: 'Detail Flash Sale',
  buy: 'Beli Sekarang',
  soldOut: 'Stok Habis',
  notStarted: 'Sesi Belum Dimulai',
  ended: 'Sesi Sudah Berakhir',
  left: (n: number) => `Sisa ${n} dari stok`,
  valid: (from: string, until: string) => `Berlaku untuk keberangkatan ${from} - ${until}`,
  terms: 'Syarat & Ketentuan',
  quizTitle: 'Jawab Pertanyaan',
  quizIntro: 'Jawab dengan benar untuk membeli kartu ini. Kesempatan menjawab hanya sekali.',
  send: 'Kirim Jawaban',
  checking: 'Memeriksa jawaban…',
  close: 'Tutup',
  blockedTitle: 'Jawaban Salah',
  keyLeft: 'Selesaikan pembelian dalam',
  booker: 'Data Pemesan',
  name: 'Nama Lengkap',
  phone: 'Nomor Handphone',
  email: 'Email',
  next: 'Lanjut Pilih Pembayaran',
  methods: 'Metode Pembayaran',
  back: 'Ubah Data Pemesan',
  pay: 'Bayar',
  buying: 'Memproses pembelian…',
} as const;

/** /app/flash-sale/card/$id: the card, "Beli Sekarang", the question, then the buyer and the payment. */
export function FlashSaleCardScreen({ cardId }: { cardId: number }) {
  const actor = useFlashSaleActor();
  const detail = useQuery(flashSaleCardQueryOptions(cardId));
  useEffect(() => {
    actor.send({ type: 'card.show', cardId });
  }, [actor, cardId]);
  const inPurchase = useFlashSaleSelector((snapshot) => snapshot.matches('purchase'));
  return (
    <>
      <Navbar title={CARD_TEXT.title} onBack={() => actor.send({ type: 'card.close' })} />
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-4">
        {detail.isError ? (
          <LoadFailed onRetry={() => void detail.refetch()} />
        ) : !detail.data ? (
          <ListSkeleton rows={3} label="Memuat kartu flash sale" />
        ) : (
          <div className="grid gap-4 desktop:grid-cols-12">
            <div className="space-y-4 desktop:col-span-7">
              <CardDetail card={detail.data} />
            </div>
            <div className="space-y-4 desktop:col-span-5">
              {inPurchase ? <Purchase card={detail.data} /> : <BuyBox card={detail.data} />}
            </div>
          </div>
        )}
      </main>
      <QuizDialog />
    </>
  );
}

function CardDetail({ card }: { card: FlashSaleCardDetail }) {
  return (
    <>
      <section aria-labelledby="fs-detail-title" className="hairline rounded-card border-grey-200 bg-white p-4">
        <div className="flex items-center gap-2">
          <OperatorLogo src={card.operatorLogo} name={card.operatorName} />
          <span className="text-sm text-grey-700">{card.operatorName}</span>
        </div>
        <h2 id="fs-detail-title" className="mt-2 text-lg font-bold">
          {card.origin} → {card.destination}
        </h2>
        <p className="mt-1">
          <span className="text-2xl font-extrabold text-danger-700">{formatRupiah(card.flashPrice)}</span>{' '}
          <s className="text-grey-700">{formatRupiah(card.normalPrice)}</s>
        </p>
        <p className="mt-2 text-sm" aria-live="polite">
          {card.left === 0 ? FLASH_SALE_MESSAGES.soldOut : CARD_TEXT.left(card.left)}
        </p>
        <p className="mt-1 text-sm text-grey-700">
          {CARD_TEXT.valid(formatDateShort(card.validFrom), formatDateShort(card.validUntil))}
        </p>
        <p className="mt-3 text-sm">{card.description}</p>
      </section>
      <Card title={CARD_TEXT.terms} titleId="fs-terms">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-grey-800">
          {card.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
      </Card>
    </>
  );
}

function BuyBox({ card }: { card: FlashSaleCardDetail }) {
  const actor = useFlashSaleActor();
  const blocked = useFlashSaleSelector((snapshot) => snapshot.context.blockedCards.includes(card.id));
  const unavailable =
    card.left === 0
      ? CARD_TEXT.soldOut
      : card.slot.status === 'akan-datang'
        ? CARD_TEXT.notStarted
        : card.slot.status === 'selesai'
          ? CARD_TEXT.ended
          : null;
  return (
    <section aria-label="Pembelian" className="hairline rounded-card border-grey-200 bg-white p-4">
      {blocked ? (
        <p role="status" className="mb-3 rounded-lg bg-danger-50 p-3 text-sm text-danger-700">
          {FLASH_SALE_MESSAGES.wrongAnswer}
        </p>
      ) : null}
      <button
        type="button"
        className={cx(buttonStyles.primary, 'w-full')}
        disabled={unavailable !== null || blocked}
        onClick={() => actor.send({ type: 'buy' })}
      >
        {unavailable ?? CARD_TEXT.buy}
      </button>
    </section>
  );
}

function QuizDialog() {
  const actor = useFlashSaleActor();
  const state = useFlashSaleSelector((snapshot) =>
    snapshot.matches({ quiz: 'loading' })
      ? 'loading'
      : snapshot.matches({ quiz: 'answering' })
        ? 'answering'
        : snapshot.matches({ quiz: 'checking' })
          ? 'checking'
          : snapshot.matches({ quiz: 'blocked' })
            ? 'blocked'
            : null,
  );
  const quiz = useFlashSaleSelector((snapshot) => snapshot.context.quiz);
  const answer = useFlashSaleSelector((snapshot) => snapshot.context.answer);
  if (state === null) return null;
  const close = () => actor.send({ type: 'quiz.close' });
  return (
    <ModalOverlay
      isOpen
      isDismissable={state !== 'checking'}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      className="fixed inset-0 z-50 flex items-end justify-center bg-grey-900/40 p-4 desktop:items-center"
    >
      <Modal className="w-full max-w-md">
        <Dialog className="rounded-card bg-white p-5 shadow-lg outline-none">
          <Heading slot="title" className="text-lg font-bold">
            {state === 'blocked' ? CARD_TEXT.blockedTitle : CARD_TEXT.quizTitle}
          </Heading>
          {state === 'blocked' ? (
            <p role="alert" className="mt-2 text-sm text-danger-700">
              {FLASH_SALE_MESSAGES.wrongAnswer}
            </p>
          ) : state === 'loading' || !quiz ? (
            <div aria-busy="true" aria-label="Memuat pertanyaan" className="mt-3 space-y-2">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-11 w-full" />
            </div>
          ) : (
            <form
              className="mt-2"
              onSubmit={(event) => {
                event.preventDefault();
                actor.send({ type: 'answer.submit' });
              }}
            >
              <p className="text-sm text-grey-700">{CARD_TEXT.quizIntro}</p>
              <RadioGroup
                className="mt-3 space-y-2"
                value={answer}
                isDisabled={state === 'checking'}
                onChange={(value) => actor.send({ type: 'answer.choose', answer: value as QuizOptionCode })}
              >
                <Label className="block font-semibold">{quiz.question}</Label>
                {quiz.options.map((option) => (
                  <Radio
                    key={option.code}
                    value={option.code}
                    className={cx(
                      'hairline flex min-h-11 cursor-pointer items-center gap-3 rounded-card border-grey-200 px-3 text-sm outline-none',
                      'data-[selected]:border-primary-600 data-[selected]:bg-primary-50',
                      'data-[focus-visible]:ring-2 data-[focus-visible]:ring-primary-600',
                    )}
                  >
                    <span className="font-bold">{option.code}.</span> {option.text}
                  </Radio>
                ))}
              </RadioGroup>
              <button type="submit" className={cx(buttonStyles.primary, 'mt-4 w-full')} disabled={state === 'checking'}>
                {state === 'checking' ? (
                  <>
                    <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                    {CARD_TEXT.checking}
                  </>
                ) : (
                  CARD_TEXT.send
                )}
              </button>
            </form>
          )}
          {state !== 'checking' ? (
            <Button className={cx(buttonStyles.ghost, 'mt-2 w-full')} onPress={close}>
              {CARD_TEXT.close}
            </Button>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function Purchase({ card }: { card: FlashSaleCardDetail }) {
  const keyLeft = useFlashSaleSelector((snapshot) => snapshot.context.keyLeftMs);
  const step = useFlashSaleSelector((snapshot) =>
    snapshot.matches({ purchase: { step: 'booker' } }) ? 'booker' : 'methods',
  );
  return (
    <>
      <p className="flex items-center gap-2 rounded-card bg-warning-50 p-3 text-sm font-semibold text-grey-900">
        <Timer className="size-4" aria-hidden="true" />
        {CARD_TEXT.keyLeft}{' '}
        <span className="font-mono tabular-nums" aria-hidden="true">
          {formatCountdown(keyLeft).slice(3)}
        </span>
        <span className="sr-only">{Math.ceil(keyLeft / 60_000)} menit</span>
      </p>
      {step === 'booker' ? <BookerForm /> : <Methods price={card.flashPrice} />}
    </>
  );
}

const FIELDS: { field: BookerField; label: string; inputMode: 'text' | 'tel' | 'email'; autoComplete: string }[] = [
  { field: 'name', label: CARD_TEXT.name, inputMode: 'text', autoComplete: 'name' },
  { field: 'phone', label: CARD_TEXT.phone, inputMode: 'tel', autoComplete: 'tel' },
  { field: 'email', label: CARD_TEXT.email, inputMode: 'email', autoComplete: 'email' },
];

function BookerForm() {
  const actor = useFlashSaleActor();
  const booker = useFlashSaleSelector((snapshot) => snapshot.context.booker);
  const errors = useFlashSaleSelector((snapshot) => snapshot.context.bookerErrors);
  return (
    <Card title={CARD_TEXT.booker} titleId="fs-booker">
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'booker.submit' });
        }}
      >
        {FIELDS.map(({ field, label, inputMode, autoComplete }) => (
          <TextField
            key={field}
            label={label}
            value={booker[field]}
            inputMode={inputMode}
            autoComplete={autoComplete}
            onValueChange={(value) => actor.send({ type: 'booker.type', field, value })}
            error={errors[field] ?? null}
          />
        ))}
        <button type="submit" className={cx(buttonStyles.primary, 'w-full')}>
          {CARD_TEXT.next}
        </button>
      </form>
    </Card>
  );
}

function Methods({ price }: { price: number }) {
  const actor = useFlashSaleActor();
  const loading = useFlashSaleSelector((snapshot) => snapshot.matches({ purchase: { step: { methods: 'loading' } } }));
  const buying = useFlashSaleSelector((snapshot) => snapshot.matches({ purchase: { step: { methods: 'buying' } } }));
  const methods = useFlashSaleSelector((snapshot) => snapshot.context.methods);
  const chosen = useFlashSaleSelector((snapshot) => snapshot.context.methodCode);
  const total = methods.find((method) => method.code === chosen)?.total ?? price;
  return (
    <Card title={CARD_TEXT.methods} titleId="fs-methods">
      {loading ? (
        <ListSkeleton rows={3} label="Memuat metode pembayaran" />
      ) : (
        <RadioGroup
          aria-labelledby="fs-methods"
          value={chosen}
          onChange={(code) => actor.send({ type: 'method.choose', code })}
          className="space-y-2"
        >
          {methods.map((method) => (
            <Radio
              key={method.code}
              value={method.code}
              isDisabled={!method.available}
              className={cx(
                'hairline flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-card border-grey-200 px-3 text-sm outline-none',
                'data-[selected]:border-primary-600 data-[selected]:bg-primary-50 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60',
                'data-[focus-visible]:ring-2 data-[focus-visible]:ring-primary-600',
              )}
            >
              <span>
                <span className="block font-semibold">{method.name}</span>
                <span className="block text-xs text-grey-700">{method.group}</span>
              </span>
              <span className="font-semibold">{formatRupiah(method.total)}</span>
            </Radio>
          ))}
        </RadioGroup>
      )}
      <div className="mt-4 flex items-center justify-between text-sm">
        <span>Total</span>
        <span className="text-lg font-extrabold">{formatRupiah(total)}</span>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={() => actor.send({ type: 'step.back' })}>
          {CARD_TEXT.back}
        </button>
        <button type="button" className={buttonStyles.primary} onClick={() => actor.send({ type: 'pay' })}>
          {CARD_TEXT.pay}
        </button>
      </div>
      {buying ? <FullPageLoader label={CARD_TEXT.buying} /> : null}
    </Card>
  );
}
