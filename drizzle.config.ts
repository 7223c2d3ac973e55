import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'turso',
  schema: './src/worker/**/*-tables.ts',
  out: './migrations',
  dbCredentials: {
    url: process.env.TURSO_DATABASE_URL ?? 'file:.data/shop.db',
    authToken: process.env.TURSO_AUTH_TOKEN,
  },
});
