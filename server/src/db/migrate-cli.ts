import { loadConfig } from '../config.ts';
import { openDatabase } from './db.ts';

/** `npm run db:migrate`: applies migrations/ to the configured database, then exits. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
