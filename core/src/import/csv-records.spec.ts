import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { type CsvRecordProblem, CsvQuoteError, CsvRecordReader, MAX_CSV_CELL_CHARS } from './csv-records.js';

const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');

/** Every record of `text`, fed in chunks of `size` characters (so every cut position gets tried). */
function records(text: string, size = text.length || 1) {
  const problems: CsvRecordProblem[] = [];
  const reader = new CsvRecordReader((p) => problems.push(p));
  const out: string[][] = [];
  for (let at = 0; at < text.length; at += size) out.push(...reader.push(text.slice(at, at + size)));
  out.push(...reader.end());
  return { records: out, problems };
}

/** What csv-parse makes of the same bytes, with the options the import used before. */
async function csvParse(path: string): Promise<string[][]> {
  const parser = createReadStream(path).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_error: true }),
  );
  const out: string[][] = [];
  for await (const record of parser) out.push(record as string[]);
  return out;
}

describe('CsvRecordReader', () => {
  it('reads RFC 4180: quoted commas, doubled quotes, line breaks inside quotes, CRLF, no final line break', () => {
    const text = '\uFEFFname,note\r\n"Comma, Inc","say ""hi"""\r\n"two\nlines",x\r\nlast,"",\r\nend,row';
    const expected = [
      ['name', 'note'],
      ['Comma, Inc', 'say "hi"'],
      ['two\nlines', 'x'],
      ['last', '', ''],
      ['end', 'row'],
    ];
    for (const size of [1, 2, 3, 5, 7, 64]) expect(records(text, size)).toEqual({ records: expected, problems: [] });
  });

  it('skips empty lines, keeps ragged rows, and reads files whose lines end in CR only', () => {
    expect(records('a,b\n\n1\n\n2,3,4\n\n').records).toEqual([['a', 'b'], ['1'], ['2', '3', '4']]);
    expect(records('a,b\r1,2\r3,4\r', 2).records).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    // A lone CR inside a cell of an LF file is text.
    expect(records('a\nx\ry\n').records).toEqual([['a'], ['x\ry']]);
  });

  it('reports a record with bad quoting with its line and goes on with the next line', () => {
    for (const size of [1, 4, 100]) {
      const { records: read, problems } = records('h1,h2\na,b"c\n"ab"c,d\n"multi\nline",ok\nx,y\n', size);
      expect(read).toEqual([
        ['h1', 'h2'],
        ['multi\nline', 'ok'],
        ['x', 'y'],
      ]);
      expect(problems.map((p) => p.line)).toEqual([2, 3]);
      expect(problems[0].message).toMatch(/^Invalid Opening Quote: .* at line 2$/);
      expect(problems[1].message).toMatch(/^Invalid Closing Quote: got "c" .* at line 3$/);
    }
  });

  it('reports a quote left open at the end of the file with the line the record started on', () => {
    const { records: read, problems } = records('h\nok\n"never\nclosed\n', 3);
    expect(read).toEqual([['h'], ['ok']]);
    expect(problems).toEqual([
      { line: 3, message: 'Quote Not Closed: the record starting at line 3 opens a quoted cell that is never closed' },
    ]);
  });

  it('refuses a quoted cell that runs on for megabytes instead of holding the whole file', () => {
    const reader = new CsvRecordReader(() => undefined);
    reader.push('h\n"open\n');
    const block = `${'x'.repeat(64 * 1024)}\n`;
    expect(() => {
      for (let size = 0; size <= MAX_CSV_CELL_CHARS + block.length; size += block.length) reader.push(block);
    }).toThrow(new CsvQuoteError('line 2 opens a quoted cell that is not closed within 1 MB of text'));
  });

  it('gives the records csv-parse gives for every real export', async () => {
    const files = (await readdir(REAL)).filter((f) => f.endsWith('.csv'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = (await readFile(join(REAL, file))).toString('utf8');
      const expected = await csvParse(join(REAL, file));
      expect({ file, ...records(text, 4096) }).toEqual({ file, records: expected, problems: [] });
    }
  });
});
