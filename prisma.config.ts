// Prisma CLI configuration. The service itself never reads this file: it connects through the pg
// adapter with the URL from src/config.ts.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/portolan' },
});
