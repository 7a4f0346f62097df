import { createHash } from 'node:crypto';

/**
 * What the database keeps of a bearer token: hex SHA-256, so a copy of the database opens no
 * account. Here, below db/ and services/, because the seed writes the demo sessions with it too.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
