import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ClaimsStatementLine } from '@lending/contracts';
import type { NoticeDocument } from './notice-document.ts';
import { writePrintBatch, type PrintBatchLetter } from './print-batch.ts';
import { renderNoticePdf } from './render-notice.ts';

const line = (due: string, remaining: string): ClaimsStatementLine => ({
  claim_id: 1,
  source_claim_id: null,
  type: 'PRINCIPAL',
  type_label: 'Jistina',
  due_date: due,
  description: null,
  amount: remaining,
  paid: '0.00',
  remaining,
  rule: null,
});

function letter(i: number, over: Partial<NoticeDocument>, dueLines: number): PrintBatchLetter {
  const due = Array.from({ length: dueLines }, (_, k) => line(`2026-${String((k % 9) + 1).padStart(2, '0')}-20`, '1000.00'));
  const total = `${dueLines * 1000}.00`;
  return {
    reference: `RR-2026-${i}`,
    document: {
      noticeId: 500 + i,
      groupId: 80 + i,
      noticeType: 'PAYMENT_REMINDER',
      title: 'Upomínka',
      date: '2026-11-05',
      registered: false,
      lender: { name: 'Úvěrová společnost Šťastný a.s.', address: 'Na Příkopě 12, 110 00 Praha 1', account: '2001234561/0100', iban: 'CZ4101000000002001234561' },
      addressee: { name: `Adresát ${i}`, roleLabel: 'dlužník', addressLines: [`Ulice ${i}`, '110 00 Praha 1'] },
      deal: { id: i, contractNumber: `2024/${i}`, variableSymbol: `2024000${i}` },
      statement: {
        contract_number: `2024/${i}`,
        variable_symbol: `2024000${i}`,
        allocation_profile: 'LOAN_ALLOCATION_PROFILE_V1',
        due,
        not_yet_due_principal: [],
        totals_by_type: [],
        total_due: total,
        total_not_yet_due_principal: '0.00',
        grand_total: total,
        credit: '0.00',
      },
      penaltyRate: '10',
      payment: { amount: total, variableSymbol: `2024000${i}`, dueBy: '2026-11-30', message: `Upomínka ${i}` },
      obligation: null,
      nextStep: { title: 'Druhá upomínka', on: '2026-12-07' },
      note: null,
      ...over,
    },
  };
}

/**
 * A consumer slower than the producer: every write completes a macrotask later and the buffer
 * is small, so write() answers false often and the batch has to wait for 'drain'.
 */
function slowSink(highWaterMark: number) {
  const chunks: Buffer[] = [];
  const state = { drains: 0 };
  const sink = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      setImmediate(callback);
    },
  });
  sink.on('drain', () => state.drains++);
  return { sink, bytes: () => Buffer.concat(chunks), drains: () => state.drains };
}

async function pageTexts(bytes: Buffer): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : '')).join('').replace(/[\s\u00a0\u202f]+/g, ' ').trim());
  }
  await pdf.destroy();
  return pages;
}

async function numPages(bytes: Buffer): Promise<number> {
  return (await pageTexts(bytes)).length;
}

describe('writePrintBatch', () => {
  it('streams one PDF of address sheets and letters, each sheet on an odd page, and a CSV manifest', async () => {
    const letters = [
      letter(1, {}, 4),
      // A company with `;` and quotes in its name: the manifest must quote it.
      letter(2, { registered: true, addressee: { name: 'Stavby "Na Kopci"; s.r.o.', roleLabel: 'ručitel', addressLines: ['Horní 5', '739 61 Třinec'] } }, 70),
      letter(3, {}, 25),
    ];
    const pdf = slowSink(1024);
    const csv = slowSink(16);
    const backlogAtPull: boolean[] = [];
    async function* source() {
      for (const l of letters) {
        // The next letter is asked for only once both outputs have taken what was written.
        backlogAtPull.push(pdf.sink.writableNeedDrain || csv.sink.writableNeedDrain);
        yield l;
      }
    }
    const result = await writePrintBatch(source(), pdf.sink, csv.sink, { date: '2026-11-05', lenderName: 'Úvěrová společnost Šťastný a.s.' });
    expect(backlogAtPull).toEqual([false, false, false]);
    expect(pdf.drains()).toBeGreaterThan(0);
    expect(pdf.sink.writableFinished).toBe(true);
    expect(csv.sink.writableFinished).toBe(true);

    // Each letter on its own, as renderNoticePdf draws it: the batch has the same pages.
    const letterPages = await Promise.all(letters.map(async (l) => numPages(await renderNoticePdf(l.document))));
    expect(letterPages[1]).toBeGreaterThanOrEqual(3);
    // Letters of an odd and of an even number of pages: padding both needed and not.
    expect(new Set(letterPages.map((pages) => pages % 2))).toEqual(new Set([0, 1]));
    const expectedPages = letterPages.map((pages) => 2 + pages + (pages % 2));
    const total = expectedPages.reduce((a, b) => a + b, 0);
    expect(result).toEqual({ letters: 3, registered: 1, pages: total });

    const bytes = pdf.bytes();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toContain('%%EOF');
    const pages = await pageTexts(bytes);
    expect(pages).toHaveLength(total);

    let start = 0; // 0-based index of each letter's address sheet
    for (const [i, l] of letters.entries()) {
      const sheet = pages[start]!;
      expect((start + 1) % 2, `address sheet of letter ${i + 1} on page ${start + 1}`).toBe(1);
      expect(sheet).toContain(`Dopis č. ${i + 1}`);
      expect(sheet).toContain(`Reference: ${l.reference}`);
      expect(sheet).toContain(l.document.addressee.name);
      expect(sheet).toContain(l.document.addressee.addressLines.join(' '));
      expect(sheet.includes('DOPORUČENĚ')).toBe(l.document.registered);
      expect(pages[start + 1], 'the back of the address sheet').toBe('');
      // The letter, its pages numbered on their own.
      for (let p = 0; p < letterPages[i]!; p++) {
        const page = pages[start + 2 + p]!;
        expect(page).toContain(`Upomínka č. ${l.document.noticeId} · smlouva ${l.document.deal.contractNumber} · strana ${p + 1} z ${letterPages[i]}`);
      }
      expect(pages[start + 2]).toContain('Vážená paní, vážený pane,');
      if (letterPages[i]! % 2) expect(pages[start + 2 + letterPages[i]!], 'padding').toBe('');
      start += expectedPages[i]!;
    }

    const manifest = csv.bytes();
    expect([...manifest.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = manifest.subarray(3).toString('utf8').split('\r\n');
    expect(rows.at(-1)).toBe('');
    expect(rows.slice(0, -1)).toEqual([
      'poradi;reference;adresat;adresa;doporucene;stran',
      `1;RR-2026-1;Adresát 1;Ulice 1, 110 00 Praha 1;ne;${expectedPages[0]}`,
      `2;RR-2026-2;"Stavby ""Na Kopci""; s.r.o.";Horní 5, 739 61 Třinec;ano;${expectedPages[1]}`,
      `3;RR-2026-3;Adresát 3;Ulice 3, 110 00 Praha 1;ne;${expectedPages[2]}`,
    ]);
  });

  it('draws the letters after the 100th as the first ones, though pdfkit’s word layouts are forgotten on the way', async () => {
    const pdf = slowSink(1 << 16);
    const csv = slowSink(1 << 16);
    async function* many() {
      for (let i = 1; i <= 101; i++) yield letter(i, { registered: i === 101 }, 1);
    }
    const result = await writePrintBatch(many(), pdf.sink, csv.sink, { date: '2026-11-05', lenderName: 'Věřitel' });
    // Each a one-page letter: address sheet, its blank back, the letter, the padding.
    expect(result).toEqual({ letters: 101, registered: 1, pages: 404 });
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(pdf.bytes()), verbosity: 0, isEvalSupported: false }).promise;
    expect(doc.numPages).toBe(404);
    const text = async (n: number) =>
      (await (await doc.getPage(n)).getTextContent()).items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : '')).join('').replace(/[\s\u00a0\u202f]+/g, ' ');
    for (const [i, page] of [[1, 1], [100, 397], [101, 401]] as const) {
      expect(await text(page)).toContain(`Dopis č. ${i}`);
      expect(await text(page + 2)).toContain(`dovolujeme si Vás upozornit, že ke dni 5. 11. 2026 evidujeme ze smlouvy o úvěru č. 2024/${i} splatné a dosud neuhrazené pohledávky v celkové výši 1 000 Kč.`);
    }
    expect(await text(401)).toContain('DOPORUČENĚ');
    await doc.destroy();
    expect(csv.bytes().toString('utf8').trimEnd().split('\r\n').at(-1)).toBe('101;RR-2026-101;Adresát 101;Ulice 101, 110 00 Praha 1;ano;4');
  });

  it('writes a PDF that says the batch is empty and a manifest of the header only when there are no letters', async () => {
    const pdf = slowSink(1 << 16);
    const csv = slowSink(1 << 16);
    async function* none(): AsyncGenerator<PrintBatchLetter> {}
    const result = await writePrintBatch(none(), pdf.sink, csv.sink, { date: '2026-11-05', lenderName: 'Věřitel' });
    expect(result).toEqual({ letters: 0, registered: 0, pages: 1 });
    expect(await pageTexts(pdf.bytes())).toEqual(['V dávce ze dne 5. 11. 2026 nejsou žádné dopisy k tisku.']);
    expect(csv.bytes().toString('utf8')).toBe('\uFEFFporadi;reference;adresat;adresa;doporucene;stran\r\n');
  });

  it('passes on a failure of the letters and destroys the outputs, never ending them', async () => {
    const pdf = slowSink(1 << 16);
    const csv = slowSink(1 << 16);
    async function* failing() {
      yield letter(1, {}, 1);
      throw new Error('databáze nedostupná');
    }
    await expect(writePrintBatch(failing(), pdf.sink, csv.sink, { date: '2026-11-05', lenderName: 'Věřitel' })).rejects.toThrow('databáze nedostupná');
    expect(pdf.sink.writableEnded).toBe(false);
    expect(csv.sink.writableEnded).toBe(false);
    expect(pdf.sink.destroyed).toBe(true);
    expect(csv.sink.destroyed).toBe(true);
    expect(pdf.sink.errored?.message).toBe('databáze nedostupná');
  });
});
