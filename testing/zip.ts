import { readdir, readlink } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';

/* Test helpers for the import suites: hand-made zip archives (honest or forged) and the files a process holds. */

export interface ZipPart {
  name: string;
  data: Buffer;
  /** The uncompressed size the archive claims for the part; a forged archive claims less than it holds. */
  declaredSize?: number;
}

/** A minimal zip archive (deflated parts, central directory, end record), as a forger would write one. */
export function zipOf(entries: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declaredSize } of entries) {
    const packed = deflateRawSync(data);
    const size = declaredSize ?? data.length;
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A shared-strings part of `bytes` bytes or a little more: valid XML that compresses very well. */
export function sharedStringsOf(bytes: number): Buffer {
  const item = '<si><t>Springfield Plumbing and Heating</t></si>';
  return Buffer.from(`<sst>${item.repeat(Math.ceil(bytes / item.length))}</sst>`);
}

/** A forged workbook: its shared strings declare 100 bytes and inflate to `bytes`. */
export function forgedBombOf(bytes: number): Buffer {
  return zipOf([
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets/></workbook>') },
    { name: 'xl/sharedStrings.xml', data: sharedStringsOf(bytes), declaredSize: 100 },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet><sheetData/></worksheet>') },
  ]);
}

/** The paths this process holds open (Linux /proc), to check that a read closed its files. */
export async function openFiles(): Promise<string[]> {
  const fds = await readdir('/proc/self/fd');
  const links = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return links.filter(Boolean);
}
