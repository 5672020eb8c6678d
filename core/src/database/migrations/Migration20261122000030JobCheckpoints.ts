import { Migration } from '@mikro-orm/migrations';

/**
 * Where long jobs keep their place (the slug fix first): one row per job kind, written in the same
 * transaction as the batch it records, so a job that dies resumes exactly after its last committed batch.
 */
export class Migration20261122000030JobCheckpoints extends Migration {
  override up(): void {
    this.addSql(`
      create table job_checkpoints (
        name text primary key,
        state jsonb not null,
        updated_at timestamptz not null default now()
      )`);
  }
}
