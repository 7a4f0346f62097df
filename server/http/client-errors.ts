import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { REQUEST_ID_HEADER, type ErrorEnvelope } from '../../contract';
import { newRequestId } from './request-id';

/** Node's parser refused the request before the app saw it: no route, so one envelope for all. */
const envelope = (message: string): string =>
  JSON.stringify({ status: 'ERROR', code: 'REQ-1', message } satisfies ErrorEnvelope);

const HEAD_TOO_LARGE = envelope('Permintaan tidak valid. Alamat atau header terlalu panjang');
const MALFORMED = envelope('Permintaan tidak valid. Permintaan HTTP tidak dapat dibaca');

/**
 * Requests Node's HTTP parser refuses (a URL or headers over its 16 KB, a broken request line)
 * get the API's error envelope instead of Node's bare status line with an empty body, and a request
 * id like every other reply (no log line: nothing of the request was read).
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = tooLarge ? HEAD_TOO_LARGE : MALFORMED;
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\n${REQUEST_ID_HEADER}: ${newRequestId()}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
