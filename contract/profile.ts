import { z } from 'zod';

/** GET {prefix}/customer-profil (spec section 7 "Profile"): the signed-in customer, bearer token only. */
export const CustomerProfilResultsSchema = z.object({
  nama: z.string(),
  email: z.string(),
  telp: z.string(),
});
export type CustomerProfilResults = z.infer<typeof CustomerProfilResultsSchema>;
