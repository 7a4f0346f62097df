/**
 * npm run support:add -- NAME: creates the support account NAME (or, when it exists, gives it a
 * new session) and prints its token once; the database keeps only the token's hash.
 */
import { addSupportAccount } from '../server/services/support-accounts';
import { openCommandDatabase } from './open-database';

const name = process.argv.slice(2).join(' ').trim();
if (!name) {
  console.error('Pemakaian: npm run support:add -- "Nama Petugas"');
  process.exit(1);
}

const handle = await openCommandDatabase();
try {
  const account = await addSupportAccount(handle.db, name, new Date());
  console.log(
    account.created
      ? `Akun support "${name}" dibuat (${account.email}).`
      : `Akun support "${name}" sudah ada (${account.email}): token baru dibuat, token lama tetap berlaku.`,
  );
  console.log(`Token: ${account.token}`);
  console.log(
    `Token hanya ditampilkan sekali ini (database menyimpan hash-nya saja); berlaku sampai ${account.expiresAt.toISOString().slice(0, 10)}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
