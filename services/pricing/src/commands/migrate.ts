import { loadFields, migrationFields } from '@travel/config';
import { runCommand } from '@travel/lifecycle';
import { migrateCollections } from '@travel/mongo';
import { collections } from '../db/collections';

/**
 * `node services/pricing/dist/commands/migrate.js`, with pricing's MONGO_* settings: creates its collections and declared
 * indexes, changes or drops only indexes the migration made; prints what it did (docs/deploy.md, "Index migrations").
 * Run before the service starts (the launcher, the chart's hook Job, the testkit); safe to run again.
 */
runCommand(
  'pricing-migrate',
  () => loadFields(migrationFields({ database: 'travel_pricing' }), process.env),
  migrateCollections(collections),
);
