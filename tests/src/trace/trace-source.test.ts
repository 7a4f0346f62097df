import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/client';
import {
  parseTraceText,
  SCREEN_READ_MESSAGE,
  screenReadMessage,
  TraceReadError,
} from '../../../src/trace/trace-source';

describe("the replay screen's messages when a code cannot be read", () => {
  it('name the cause and the next step for each refusal', () => {
    expect(screenReadMessage(new ApiError('NETWORK', 0, 'err'), 'CS-7KQ2XM')).toBe(SCREEN_READ_MESSAGE.unreachable);
    expect(screenReadMessage(new ApiError('BAD_REPLY', 502, 'x'), 'CS-7KQ2XM')).toBe(
      'Server menjawab (HTTP 502), tetapi bukan sebagai API Berangkat. Muat ulang halaman lalu coba lagi; bila tetap, laporkan ke tim teknis.',
    );
    expect(screenReadMessage(new ApiError('AUT-1', 401, 'Masuk untuk bisa gunakan fitur ini'), 'CS-7KQ2XM')).toBe(
      'Sesi akun CS kamu sudah berakhir. Masuk lagi dengan akun CS, lalu buka kode ini lagi.',
    );
    expect(screenReadMessage(new ApiError('AUT-4', 403, 'Halaman ini hanya untuk tim CS'), 'CS-7KQ2XM')).toBe(
      'Halaman ini hanya untuk tim CS. Kamu masuk dengan akun pelanggan: keluar, lalu masuk dengan akun CS.',
    );
    expect(
      screenReadMessage(new ApiError('NFD-1', 404, 'Kode CS tidak ditemukan atau sudah kedaluwarsa'), ' cs-7kq2xm '),
    ).toBe(
      'Kode CS tidak ditemukan atau sudah kedaluwarsa: CS-7KQ2XM (catatan disimpan 30 hari). Periksa kode dengan ' +
        'pelanggan, atau minta pelanggan menekan "Kirim ke CS" lagi untuk kode baru.',
    );
    // Any other 404 is an address that is no route of the API.
    expect(screenReadMessage(new ApiError('NFD-1', 404, 'Alamat API tidak ditemukan'), 'CS-7KQ2XM')).toBe(
      SCREEN_READ_MESSAGE.wrongAddress(404),
    );
    expect(screenReadMessage(new ApiError('REQ-1', 0, 'Kode CS tidak valid'), 'CS-1')).toBe(
      'Kode CS tidak valid: kode terdiri dari CS- dan 6 huruf atau angka, misalnya CS-7KQ2XM.',
    );
    expect(screenReadMessage(new TypeError('Failed to fetch'), 'CS-7KQ2XM')).toBe(SCREEN_READ_MESSAGE.unreachable);
  });

  it('a file names the first field that is wrong', () => {
    const read = (text: string): [string, string] | null => {
      try {
        parseTraceText('trace.json', text, SCREEN_READ_MESSAGE);
        return null;
      } catch (error) {
        if (error instanceof TraceReadError) return [error.reason, error.message];
        throw error;
      }
    };
    expect(read('{"format":')?.[0]).toBe('notJson');
    expect(read('[]')).toEqual([
      'notTrace',
      'Berkas trace.json bukan catatan Berangkat (bentuknya tidak dikenal). Minta pelanggan mengunduh ulang catatannya ("Unduh JSON"), atau buka dengan kode CS.',
    ]);
  });
});
