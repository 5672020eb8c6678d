import { type AdminJob, progressFigures } from '@directory/core/wire/jobs.js';
import { downloadUrl, outcomeSentence, problemsLink, progressLine, stateOf } from './job-text.js';

const job = (over: Partial<AdminJob>): AdminJob => ({
  id: '7',
  queue: 'import',
  name: 'import',
  state: 'active',
  progress: null,
  attemptsMade: 0,
  attempts: 3,
  failedReason: null,
  fileName: 'a.csv',
  startedBy: 'admin',
  createdAt: '2026-11-26T10:00:00.000Z',
  startedAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
  result: null,
  canCancel: true,
  canRetry: false,
  ...over,
});

describe('how far a job is (core progressFigures)', () => {
  const start = Date.parse('2026-11-26T10:00:00.000Z');

  it('takes the bytes read of the file first, then rows of a known total, and caps a running job at 99 %', () => {
    expect(
      progressFigures({ bytesRead: 25, bytesTotal: 100, rowsDone: 10, rowsTotal: 1000 }, start, start + 10_000),
    ).toEqual({ percent: 25, rowsPerSecond: 1, secondsLeft: 30 });
    expect(progressFigures({ rowsDone: 500, rowsTotal: 1000, phase: 'writing' }, start, start + 5000)).toEqual({
      percent: 50,
      rowsPerSecond: 100,
      secondsLeft: 5,
    });
    expect(progressFigures({ bytesRead: 100, bytesTotal: 100, phase: 'saving' }, start).percent).toBe(99);
    expect(progressFigures({ bytesRead: 100, bytesTotal: 100, phase: 'done' }, start)).toMatchObject({
      percent: 100,
      secondsLeft: 0,
    });
  });

  it('says nothing it does not know: no total, no start, no rows', () => {
    expect(progressFigures({ rowsDone: 300, phase: 'writing' }, start, start + 3000)).toEqual({
      percent: null,
      rowsPerSecond: 100,
      secondsLeft: null,
    });
    expect(progressFigures(null, start)).toEqual({ percent: null, rowsPerSecond: null, secondsLeft: null });
    expect(progressFigures({ bytesRead: 0, bytesTotal: 10 }, null).secondsLeft).toBeNull();
  });
});

describe('what the jobs centre says', () => {
  it('shows percentage, rows, bytes, rate and time left of a running import', () => {
    const line = progressLine(
      job({
        progress: { phase: 'writing', rowsDone: 5000, bytesRead: 50 * 1024 * 1024, bytesTotal: 100 * 1024 * 1024 },
      }),
      Date.parse('2026-11-26T10:00:10.000Z'),
    );
    expect(line.percent).toBe(50);
    expect(line.text).toBe('Kaydediliyor · %50 · 5.000 satır · 50 MB / 100 MB · 500 satır/sn · kalan ~10 sn');
  });

  it('names a cancel as a cancel, not as a partial success or an error', () => {
    const cancelled = job({
      state: 'failed',
      failedReason: 'The import was cancelled by an administrator; nothing from the file was written.',
    });
    expect(stateOf(cancelled)).toBe('İptal edildi');
    expect(outcomeSentence(cancelled)).toBe('İptal edildi; dosyadan hiçbir şey kaydedilmedi.');
    const exportCancelled = job({
      queue: 'export',
      name: 'export',
      state: 'failed',
      failedReason: 'The export was cancelled by an administrator; its partial file was removed.',
    });
    expect(outcomeSentence(exportCancelled)).toBe('İptal edildi; yarım kalan dosya silindi.');
    const slugsCancelled = job({
      queue: 'slugs',
      name: 'fix-slugs',
      state: 'failed',
      failedReason: 'The slug fix was cancelled by an administrator; the addresses shortened so far stay shortened.',
    });
    expect(stateOf(slugsCancelled)).toBe('İptal edildi');
    expect(outcomeSentence(slugsCancelled)).toMatch(/^İptal edildi; o ana kadar kısaltılan adresler kaldı/);
    expect(outcomeSentence(job({ state: 'failed', failedReason: 'No "name" column was found.' }))).toBe(
      'Hata: No "name" column was found.',
    );
  });

  it('says how a finished job ended, and offers an export’s file until it expires', () => {
    expect(
      outcomeSentence(
        job({
          state: 'completed',
          result: { totalRows: 10, insertedCount: 6, updatedCount: 2, skippedCount: 1, errorCount: 1 },
        }),
      ),
    ).toBe('10 satır: 6 yeni, 2 güncellendi, 1 atlandı, 1 reddedildi.');
    const exported = job({
      queue: 'export',
      name: 'export',
      state: 'completed',
      result: { rows: 3, bytes: 2048, expiresAt: '2026-11-27T10:00:00.000Z', fileName: 'x.csv' },
    });
    expect(downloadUrl(exported, Date.parse('2026-11-26T12:00:00.000Z'))).toBe('/api/admin/exports/7/download');
    expect(downloadUrl(exported, Date.parse('2026-11-28T00:00:00.000Z'))).toBeNull();
    expect(
      outcomeSentence(
        job({ queue: 'maintenance', name: 'delete-businesses', state: 'completed', result: { deletedCount: 12 } }),
      ),
    ).toBe('12 işletme silindi.');
    expect(
      outcomeSentence(
        job({
          queue: 'maintenance',
          name: 'contact-retention',
          state: 'completed',
          result: { deletedCount: 3, months: 12, before: '2025-11-26T04:00:00.000Z' },
        }),
      ),
    ).toBe('12 aydan eski 3 iletişim mesajı silindi.');
  });

  it('offers a finished import’s problem rows when it had any (issue 34)', () => {
    const url = '/api/admin/imports/import-1/problems';
    const done = (result: Record<string, unknown>) => job({ state: 'completed', result });
    expect(problemsLink(done({ problemsUrl: url, problemCount: 4 }))).toEqual({ url, count: 4 });
    expect(problemsLink(done({ problemsUrl: url, problemCount: 0 }))).toBeNull();
    expect(problemsLink(job({ state: 'active', result: { problemsUrl: url, problemCount: 4 } }))).toBeNull();
  });
});
