import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared tables, and each module's own.
  schema: ['./src/store/schema/*.ts', './src/modules/*/tables.ts'],
  out: './drizzle',
});
