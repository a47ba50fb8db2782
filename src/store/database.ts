/** The Prisma client over node-postgres (the driver-adapter path: no query-engine binary). */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Database = InstanceType<typeof PrismaClient>;

export function createDatabase(url: string, poolSize = 20): Database {
  const adapter = new PrismaPg({ connectionString: url, max: poolSize });
  return new PrismaClient({ adapter });
}
