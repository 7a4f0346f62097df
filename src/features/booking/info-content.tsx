import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Activity, Clock, HeartHandshake, HeartPulse, ShieldCheck, TriangleAlert, Users } from 'lucide-react';
import { Navbar } from '../../components/navbar';

function Point({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-primary-600">{icon}</span>
      <div className="text-sm">
        <p className="font-semibold">{title}</p>
        <p className="text-grey-700">{children}</p>
      </div>
    </li>
  );
}

/** What "Donasi Berkah" funds (berkah-detail sheet). */
export function BerkahInfo() {
  return (
    <div className="space-y-4 text-sm text-grey-800">
      <p>
        Donasi Berkah adalah sedekah kecil yang kamu titipkan bersama tiketmu. Seluruh donasi disalurkan untuk membantu
        sesama selama perjalanan mudik dan sehari-hari.
      </p>
      <ul className="space-y-3">
        <Point icon={<Users className="size-5" aria-hidden="true" />} title="Santunan bagi yang membutuhkan">
          Paket makanan dan kebutuhan pokok untuk anak yatim, lansia dan keluarga prasejahtera.
        </Point>
        <Point icon={<HeartPulse className="size-5" aria-hidden="true" />} title="Bantuan kesehatan">
          Biaya berobat bagi pengemudi, kernet dan awak armada yang sakit atau mengalami kecelakaan.
        </Point>
        <Point icon={<HeartHandshake className="size-5" aria-hidden="true" />} title="Tanggap bencana">
          Bantuan darurat bagi korban bencana di kota-kota yang dilalui armada.
        </Point>
      </ul>
      <p>
        Nominal donasi mulai dari Rp. 2.000 dan ditambahkan ke total pembayaranmu. Kamu juga dapat menuliskan doa atau
        pesan baik (maksimal 120 karakter).
      </p>
    </div>
  );
}

/** A help page with the navbar and one column of content. */
function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Navbar title={title} />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-5">
        <article className="hairline space-y-4 rounded-card border-grey-200 bg-white p-5">{children}</article>
      </main>
    </>
  );
}

/** /app/detail-refundable: what the refundable cover promises (spec section 2). */
export function RefundableInfoPage() {
  return (
    <InfoPage title="Tiket Refundable">
      <div className="flex items-center gap-3">
        <ShieldCheck className="size-8 text-primary-600" aria-hidden="true" />
        <h2 className="text-lg font-bold">Uang kembali 100%</h2>
      </div>
      <p className="text-sm text-grey-800">
        Dengan tiket refundable, kamu mendapat pengembalian dana 100% dari harga tiket jika tidak dapat berangkat dan
        dapat menunjukkan bukti salah satu alasan yang dilindungi berikut.
      </p>
      <ul className="space-y-3">
        <Point icon={<Activity className="size-5" aria-hidden="true" />} title="Terinfeksi Covid-19">
          Hasil tes positif Covid-19 atas nama penumpang sebelum keberangkatan.{' '}
          <Link to="/app/detail-refundable-covid" className="font-semibold text-primary-700 underline">
            Selengkapnya
          </Link>
        </Point>
        <Point icon={<HeartPulse className="size-5" aria-hidden="true" />} title="Sakit, kecelakaan, atau cedera">
          Surat keterangan dokter atau rumah sakit yang menyatakan penumpang tidak dapat melakukan perjalanan.
        </Point>
      </ul>
      <p className="hairline flex gap-2 rounded-card border-warning-300 bg-warning-50 p-3 text-sm text-warning-800">
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        Perlindungan ini mungkin tidak mencakup perubahan jadwal (ganti tiket), tergantung penyedia layanan.
      </p>
    </InfoPage>
  );
}

/** /app/detail-refundable-covid: the Covid-19 case of the cover. */
export function RefundableCovidInfoPage() {
  return (
    <InfoPage title="Refundable Covid-19">
      <div className="flex items-center gap-3">
        <Activity className="size-8 text-primary-600" aria-hidden="true" />
        <h2 className="text-lg font-bold">Batal berangkat karena Covid-19</h2>
      </div>
      <p className="text-sm text-grey-800">
        Jika kamu terinfeksi Covid-19 sebelum berangkat, tiket refundable mengembalikan 100% harga tiket setelah kamu
        menunjukkan buktinya.
      </p>
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-grey-800">
        <li>Hasil tes PCR atau antigen positif atas nama penumpang.</li>
        <li>Tes dilakukan paling lama 7 hari sebelum tanggal keberangkatan.</li>
        <li>Ajukan sebelum jadwal keberangkatan melalui halaman pesanan.</li>
      </ul>
      <p className="text-sm text-grey-700">
        Alasan lain yang juga dilindungi: sakit, kecelakaan, atau cedera dengan surat keterangan dokter. Perlindungan
        ini mungkin tidak mencakup perubahan jadwal (ganti tiket), tergantung penyedia layanan.
      </p>
      <Link to="/app/detail-refundable" className="inline-flex min-h-11 items-center font-semibold text-primary-700">
        Kembali ke info tiket refundable
      </Link>
    </InfoPage>
  );
}

/** /app/information-connecting: help about changing vehicle on a connecting trip. */
export function ConnectingInfoPage() {
  return (
    <InfoPage title="Informasi Pindah Armada">
      <h2 className="text-lg font-bold">Perjalanan dengan pindah armada</h2>
      <p className="text-sm text-grey-800">
        Perjalanan ini terdiri dari beberapa rute. Di kota transit kamu turun dari armada pertama lalu naik armada
        berikutnya, yang bisa dari operator yang berbeda. Setiap rute punya kursi dan tiketnya sendiri.
      </p>
      <ul className="space-y-3">
        <Point icon={<Clock className="size-5" aria-hidden="true" />} title="Bersiaplah lebih awal">
          Bersiaplah paling lambat 15 menit sebelum perjalanan berikutnya berangkat.
        </Point>
        <Point icon={<Users className="size-5" aria-hidden="true" />} title="Penumpang sama di setiap rute">
          Jumlah penumpang dan kursi di setiap rute harus sama dengan rute pertama.
        </Point>
      </ul>
    </InfoPage>
  );
}
