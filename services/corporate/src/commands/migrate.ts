import { loadFields, migrationFields } from '@travel/config';
import { runCommand } from '@travel/lifecycle';
import { migrateCollections } from '@travel/mongo';
import { collections } from '../db/collections';

/**
 * `node services/corporate/dist/commands/migrate.js`, with corporate's MONGO_* settings: creates its collections and declared
 * indexes, changes or drops only indexes the migration made; prints what it did (docs/deploy.md, "Index migrations").
 * Run before the service starts (the launcher, the chart's hook Job, the testkit); safe to run again.
 */
runCommand(
  'corporate-migrate',
  () => loadFields(migrationFields({ database: 'travel_corporate' }), process.env),
  migrateCollections(collections),
);
