import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGE, type CustomerProfilResults } from '../../contract';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { signInRequired } from './errors';

/** The details a profile update writes (customer-update-data, already validated). */
export interface ProfileUpdate {
  nama: string;
  jenis_kelamin: 'L' | 'P';
  tanggal_lahir: string;
  pekerjaan_id: number;
  pekerjaan_lainnya: string | null;
}

const PROFILE_COLUMNS = {
  nama: customers.name,
  email: customers.email,
  telp: customers.phone,
  jenis_kelamin: customers.gender,
  tanggal_lahir: customers.birthDate,
  pekerjaan_id: customers.occupationId,
  pekerjaan_lainnya: customers.occupationOther,
};

type ProfileRow = { [K in keyof typeof PROFILE_COLUMNS]: (typeof PROFILE_COLUMNS)[K]['_']['data'] | null };

/** Spec section 3: a missing name, phone or email reads as empty; the other details as null. */
function toProfile(row: ProfileRow): CustomerProfilResults {
  return {
    nama: row.nama ?? '',
    email: row.email ?? '',
    telp: row.telp ?? '',
    jenis_kelamin: row.jenis_kelamin,
    tanggal_lahir: row.tanggal_lahir,
    pekerjaan_id: row.pekerjaan_id,
    pekerjaan_lainnya: row.pekerjaan_lainnya,
  };
}

/** The profile of a signed-in customer (GET customer-profil). */
export async function customerProfile(db: Database, customerId: number): Promise<CustomerProfilResults> {
  const rows = await db.select(PROFILE_COLUMNS).from(customers).where(eq(customers.id, customerId)).limit(1);
  const row = rows[0];
  // The session was found a moment ago; a customer deleted since is a session that ended.
  if (!row) throw signInRequired(ACCOUNT_MESSAGE.signInRequired);
  return toProfile(row);
}

/** Saves the profile form (POST customer-update-data) and answers the profile as stored. */
export async function updateProfile(
  db: Database,
  customerId: number,
  update: ProfileUpdate,
): Promise<CustomerProfilResults> {
  const rows = await db
    .update(customers)
    .set({
      name: update.nama,
      gender: update.jenis_kelamin,
      birthDate: update.tanggal_lahir,
      occupationId: update.pekerjaan_id,
      occupationOther: update.pekerjaan_lainnya,
    })
    .where(eq(customers.id, customerId))
    .returning(PROFILE_COLUMNS);
  const row = rows[0];
  if (!row) throw signInRequired(ACCOUNT_MESSAGE.signInRequired);
  return toProfile(row);
}
