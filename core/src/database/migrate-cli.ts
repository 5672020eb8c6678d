import { loadConfig } from '../config/config.js';
import { migrateDatabase } from './database-admin.js';

const config = loadConfig();
const applied = await migrateDatabase(config.DATABASE_URL);
console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
