import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { eventually } from '../../../testing/eventually.js';
import { forgedBombOf, openFiles, sharedStringsOf, zipOf } from '../../../testing/zip.js';
import { importFile } from './import-file.js';
import { ImportFileError } from './readers.js';

const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');
const MB = 1024 * 1024;

describe('reading a workbook: zip bombs, temporary files, open files', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let client: pg.Client;
  let scratch: string;
  /** The temporary folder of this suite's imports, so that whatever an import leaves there is seen. */
  let temp: string;

  /** Nothing is left in the temporary folder, and no file of the suite is held open. */
  const leavesNothingBehind = () =>
    eventually(async () => {
      expect(await readdir(temp)).toEqual([]);
      expect((await openFiles()).filter((path) => path.startsWith(scratch) || path.startsWith(temp))).toEqual([]);
    });

  beforeAll(async () => {
    database = await createSuiteDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    scratch = await mkdtemp(join(tmpdir(), 'archive-spec-'));
    temp = await mkdtemp(join(tmpdir(), 'archive-spec-tmp-'));
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
    await rm(scratch, { recursive: true, force: true });
    await rm(temp, { recursive: true, force: true });
  });

  it('refuses a forged zip bomb (small declared sizes) while inflating it, leaving nothing behind', async () => {
    const bomb = join(scratch, 'forged.xlsx');
    const archive = forgedBombOf(64 * MB);
    // The archive is small and claims small parts: its zip directory alone gives nothing away.
    expect(archive.length).toBeLessThan(MB);
    await writeFile(bomb, archive);
    const refused = importFile(bomb, client, { read: { tempDir: temp } });
    await expect(refused).rejects.toThrow(ImportFileError);
    await expect(refused).rejects.toThrow(
      'The workbook is refused: its part "xl/sharedStrings.xml" expands beyond the 100 bytes its zip directory declares, which only a forged file does (a zip bomb).',
    );
    await leavesNothingBehind();
  });

  it('stops reading once the bytes actually inflated pass the limit, whatever the parts compress to', async () => {
    // Honest sizes and a ratio no rule catches (each part under 10 MB): only the count of what was inflated does.
    const big = join(scratch, 'big.xlsx');
    await writeFile(
      big,
      zipOf([
        { name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets/></workbook>') },
        { name: 'xl/sharedStrings.xml', data: sharedStringsOf(9 * MB) },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet><sheetData/></worksheet>') },
      ]),
    );
    const refused = importFile(big, client, { read: { tempDir: temp, maxExpandedBytes: 4 * MB } });
    await expect(refused).rejects.toThrow(
      new ImportFileError(
        'The workbook is refused: it expands to more than 4 MB when unpacked, more than an upload may hold (a zip bomb?). Split it into smaller files and upload them.',
      ),
    );
    await leavesNothingBehind();
    // Under the limit the same file is read (it has no header row, which is then the reason).
    await expect(importFile(big, client, { read: { tempDir: temp, maxExpandedBytes: 16 * MB } })).rejects.toThrow(
      new ImportFileError('The workbook is empty: its first sheet has no header row.'),
    );
    await leavesNothingBehind();
  });

  it('removes its temporary files and closes the workbook after a read and after a cancel', async () => {
    const file = join(scratch, 'hvac.xlsx');
    await copyFile(join(REAL, 'us_ny_pa_hvac_contractors.xlsx'), file);
    const report = await importFile(file, client, { batchSize: 100, read: { tempDir: temp } });
    expect(report.totalRows).toBe(2000);
    await leavesNothingBehind();

    const controller = new AbortController();
    let tempDuringRead: string[] = [];
    let heldDuringRead: string[] = [];
    const cancelled = importFile(file, client, {
      batchSize: 100,
      read: { tempDir: temp },
      signal: controller.signal,
      onProgress: async ({ phase }) => {
        if (phase !== 'writing' || controller.signal.aborted) return;
        tempDuringRead = await readdir(temp);
        heldDuringRead = (await openFiles()).filter((path) => path === file);
        controller.abort(new Error('Stopped by the test.'));
      },
    });
    await expect(cancelled).rejects.toThrow('Stopped by the test.');
    // While reading, the shared strings were in the temporary folder and the workbook was open: both went.
    expect(tempDuringRead).toHaveLength(1);
    expect(heldDuringRead).toEqual([file]);
    await leavesNothingBehind();
  });
});
