import { createHmac, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromHex, HmacSha256, sha256, toHex } from '../../../src/trace/keyed-hash';

const text = (value: string) => new TextEncoder().encode(value);

describe('the synchronous HMAC-SHA-256 the masking uses', () => {
  it('gives the published SHA-256 test vectors (FIPS 180-2 appendix B)', () => {
    expect(toHex(sha256(text('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256(text('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256(text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('gives the RFC 4231 HMAC test vectors 1 and 2', () => {
    const key = fromHex('0b'.repeat(20));
    if (!key) throw new Error('bad hex');
    expect(toHex(new HmacSha256(key).sign('Hi There'))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    expect(toHex(new HmacSha256(text('Jefe')).sign('what do ya want for nothing?'))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it("agrees with Node's crypto on long keys and messages across block edges", () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 200]) {
      const message = 'x'.repeat(length);
      const key = text('k'.repeat(length + 10));
      expect(toHex(sha256(text(message)))).toBe(createHash('sha256').update(message).digest('hex'));
      expect(toHex(new HmacSha256(key).sign(message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
    }
  });
});
