import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and applied by server/db/client.ts on every database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
