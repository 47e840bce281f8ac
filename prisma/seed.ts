// `pnpm prisma db seed`: fills an empty database with Czech demo data (the API does this by
// itself on its first start). Uses DATABASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD and PUBLIC_URL
// (the links in the seeded e-mails), read by the API's own configuration.
import { loadConfig } from '../apps/api/src/config.ts';
import { connectDatabase } from '../apps/api/src/db/prisma.ts';
import { migrateJobQueue } from '../apps/api/src/jobs/queue.ts';
import { portalBaseUrl } from '../apps/api/src/modules/leads/portal-links.ts';
import { createFileStorage } from '../apps/api/src/integrations/storage/index.ts';
import { isEmpty } from '../apps/api/src/seed/ensure-admin.ts';
import { seedDemoData } from '../apps/api/src/seed/seed-demo-data.ts';

const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required to seed.');
// Demo data comes with its administrator (and staff of every role sharing its password).
if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD are required to seed demo data.');
const admin = { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD };
const db = connectDatabase(config.DATABASE_URL);
try {
  if (await isEmpty(db.prisma)) {
    // The payment history is imported as statements, and every upload queues its import job.
    await migrateJobQueue(config.DATABASE_URL);
    const result = await seedDemoData(db.prisma, { ...admin, publicUrl: portalBaseUrl(config), storage: createFileStorage(config), deals: config.SEED_DEMO_DEALS });
    console.log(`Seeded demo data; staff accounts: ${result.staff.map((s) => s.email).join(', ')}`);
  } else {
    console.log('The database already holds data: nothing seeded.');
  }
} finally {
  await db.close();
}
