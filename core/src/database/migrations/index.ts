import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000001Initial } from './Migration20261122000001Initial.js';
import { Migration20261122000003AdminSessions } from './Migration20261122000003AdminSessions.js';
import { Migration20261122000020SearchOutbox } from './Migration20261122000020SearchOutbox.js';
import { Migration20261122000030JobCheckpoints } from './Migration20261122000030JobCheckpoints.js';
import { Migration20261122000040ImportIndexes } from './Migration20261122000040ImportIndexes.js';
import { Migration20261122000050SearchLocationLexemes } from './Migration20261122000050SearchLocationLexemes.js';
import { Migration20261123000010SearchPrefixLexemes } from './Migration20261123000010SearchPrefixLexemes.js';
import { Migration20261123000020SearchLexemeLoops } from './Migration20261123000020SearchLexemeLoops.js';
import { Migration20261123000030SearchOpenDaysFastPath } from './Migration20261123000030SearchOpenDaysFastPath.js';
import { Migration20261126000010DirectoryFacts } from './Migration20261126000010DirectoryFacts.js';

/**
 * Every migration, in order, handed to the migrator as a list: the same classes whether the code runs from
 * src (the tests) or dist, and no file discovery to configure twice. Add new migrations at the end.
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000001Initial', class: Migration20261122000001Initial },
  { name: 'Migration20261122000003AdminSessions', class: Migration20261122000003AdminSessions },
  { name: 'Migration20261122000020SearchOutbox', class: Migration20261122000020SearchOutbox },
  { name: 'Migration20261122000030JobCheckpoints', class: Migration20261122000030JobCheckpoints },
  { name: 'Migration20261122000040ImportIndexes', class: Migration20261122000040ImportIndexes },
  { name: 'Migration20261122000050SearchLocationLexemes', class: Migration20261122000050SearchLocationLexemes },
  { name: 'Migration20261123000010SearchPrefixLexemes', class: Migration20261123000010SearchPrefixLexemes },
  { name: 'Migration20261123000020SearchLexemeLoops', class: Migration20261123000020SearchLexemeLoops },
  { name: 'Migration20261123000030SearchOpenDaysFastPath', class: Migration20261123000030SearchOpenDaysFastPath },
  { name: 'Migration20261126000010DirectoryFacts', class: Migration20261126000010DirectoryFacts },
];
