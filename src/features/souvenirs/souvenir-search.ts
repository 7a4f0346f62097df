import { z } from 'zod';
import { SOUVENIR_LIMITS } from '../../../contract/souvenir';

/** /app/oleh-oleh search params: a bad value falls back instead of breaking the page. */
export const souvenirSearchSchema = z.object({
  kategori: z.number().int().positive().optional().catch(undefined),
  q: z.string().max(SOUVENIR_LIMITS.searchMax).default('').catch(''),
  page: z.number().int().min(1).max(1000).default(1).catch(1),
});
export type SouvenirSearch = z.infer<typeof souvenirSearchSchema>;
