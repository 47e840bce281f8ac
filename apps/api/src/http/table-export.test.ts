import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test/fixtures/eventually.ts';
import { sendTable, tableRowsOf, type ExportCell, type ExportColumn, type TableRows } from './table-export.ts';

// sendTable's CSV over real HTTP: the text goes out through reused 64 KB buffers (docs/decisions/0035),
// so these cases aim at their edges: lines falling across buffer boundaries with multi-byte
// characters, a line longer than a buffer, a lone surrogate, a client that goes away.

const columns: ExportColumn[] = [
  { header: 'ID', kind: 'integer' },
  { header: 'Jméno', kind: 'text' },
  { header: 'Částka', kind: 'money' },
];

let server: http.Server | null = null;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

async function serve(rows: () => TableRows): Promise<string> {
  const app = express();
  app.get('/t', (_req, res, next) => {
    sendTable(res, { format: 'csv', baseName: 'tabulka', sheetName: 'Tabulka', columns, rows: rows() }).catch(next);
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/t`;
}

/** A reader that hands over `rows` in pages of `page`, as keyset-rows.ts does. */
function pages(rows: ExportCell[][], page: number): TableRows {
  return async function* read(onRow) {
    for (let start = 0; start < rows.length; start += page) {
      for (const row of rows.slice(start, start + page)) onRow(row);
      yield;
    }
  };
}

describe('sendTable (CSV)', () => {
  it('sends every line whole across buffer boundaries, multi-byte text and a line longer than a buffer included', async () => {
    // 20,000 rows of ~60 bytes with Czech letters (2 bytes each in UTF-8): ~1.2 MB, ~18 buffers.
    const rows: ExportCell[][] = [];
    for (let i = 1; i <= 20_000; i++) rows.push([i, `Řehoř Žďárský číslo ${i} ěščřžýáíé`, `${i}.50`]);
    // 100,000 characters, 200,000 bytes: more than a buffer of 65,536 on its own.
    const long = 'Ž'.repeat(100_000);
    rows.splice(7_000, 0, [7_000.5, long, '1.00']);
    const url = await serve(() => pages(rows, 5_000));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const body = Buffer.from(await response.arrayBuffer());
    const text = body.toString('utf8');
    // Nothing lost or replaced: decoding and encoding again gives the same bytes.
    expect(Buffer.from(text, 'utf8').equals(body)).toBe(true);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFID;Jméno;Částka');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 20_001 + 1);
    expect(lines[1]).toBe('1;Řehoř Žďárský číslo 1 ěščřžýáíé;1,50');
    expect(lines[7_000]).toBe('7000;Řehoř Žďárský číslo 7000 ěščřžýáíé;7000,50');
    expect(lines[7_001]).toBe(`7000.5;${long};1,00`);
    expect(lines[7_002]).toBe('7001;Řehoř Žďárský číslo 7001 ěščřžýáíé;7001,50');
    expect(lines[20_001]).toBe('20000;Řehoř Žďárský číslo 20000 ěščřžýáíé;20000,50');
  });

  it('writes a lone surrogate as U+FFFD, as any string written to a socket', async () => {
    const url = await serve(() => tableRowsOf((async function* () { yield [1, 'a\uD800b', null] as ExportCell[]; })()));
    // Read as bytes: fetch's text() would drop the BOM.
    const text = Buffer.from(await (await fetch(url)).arrayBuffer()).toString('utf8');
    expect(text).toBe('\uFEFFID;Jméno;Částka\r\n1;a\uFFFDb;\r\n');
  });

  it('stops reading when the client goes away: the reader is closed and no more pages are read', async () => {
    let pagesRead = 0;
    let readers = 0;
    let closed = false;
    const endless: TableRows = async function* read(onRow) {
      readers++;
      try {
        for (let page = 0; page < 100_000; page++) {
          pagesRead++;
          for (let i = 0; i < 1_000; i++) onRow([i, 'Praha 4, Na Pankráci 1683/127', '123.45']);
          yield;
        }
      } finally {
        closed = true;
      }
    };
    const url = await serve(() => endless);
    const controller = new AbortController();
    const response = await fetch(url, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await eventually(() => closed, { what: 'the reader to be closed' });
    // Its finally ran, so the loop that reads pages has ended: none can be read after this.
    // How few were read is what shows the export stopped early, not after the whole table.
    expect(readers).toBe(1);
    expect(pagesRead).toBeLessThan(100_000);
  });
});
