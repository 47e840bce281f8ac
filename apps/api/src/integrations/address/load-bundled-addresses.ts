import type { PrismaClient } from '../../db/prisma.ts';
import { generateCzechAddresses } from './data/generate-addresses.ts';

// Any constant shared by the replicas: they may all start at once on an empty database.
const LOAD_LOCK = 7_301_122;
const BATCH = 5000;

/**
 * Fills `addresses` with the bundled Czech address list when the table is empty, so the
 * default address whisperer has something to suggest. Idempotent and safe for replicas
 * starting together (one advisory lock); returns how many addresses it inserted.
 */
export async function loadBundledAddresses(prisma: PrismaClient): Promise<number> {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOAD_LOCK})`;
      const [row] = await tx.$queryRaw<{ present: boolean }[]>`SELECT EXISTS (SELECT 1 FROM addresses) AS present`;
      if (row?.present) return 0;
      const all = generateCzechAddresses();
      for (let i = 0; i < all.length; i += BATCH) {
        const rows = all.slice(i, i + BATCH);
        // One statement per batch: columns travel as arrays and unnest() turns them into rows.
        await tx.$executeRaw`
          INSERT INTO addresses (whole_address, street, number, zip, city, city_part, district, region, search_text)
          SELECT * FROM unnest(
            ${rows.map((r) => r.wholeAddress)}::text[], ${rows.map((r) => r.street)}::text[], ${rows.map((r) => r.number)}::text[],
            ${rows.map((r) => r.zip)}::text[], ${rows.map((r) => r.city)}::text[], ${rows.map((r) => r.cityPart)}::text[],
            ${rows.map((r) => r.district)}::text[], ${rows.map((r) => r.region)}::text[], ${rows.map((r) => r.searchText)}::text[])`;
      }
      await tx.$executeRaw`ANALYZE addresses`;
      return all.length;
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
}
