import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { configWithTempDataDir } from '../../../test/fixtures/config.ts';
import { createForm, files } from '../../../test/fixtures/documents.ts';

const UPLOAD_MESSAGE = 'Nepovolený formát souboru nebo soubor je větší než 10MB.';
const MB10 = 10 * 1024 * 1024;

let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
beforeAll(async () => {
  temp = configWithTempDataDir();
  ctx = await createTestContext({ config: temp.config });
});
afterAll(async () => {
  await ctx.close();
  temp.cleanup();
});

const documentsOf = (token: string) => ctx.http().get(`/api/v1/forms/${token}/documents/`);
const upload = (token: string, category: string | null, file: Buffer | null, fileName = 'soubor.pdf', contentType?: string) => {
  const request = ctx.http().post(`/api/v1/forms/${token}/documents/`);
  if (category !== null) request.field('category', category);
  if (file) request.attach('file', file, { filename: fileName, contentType: contentType ?? 'application/octet-stream' });
  return request;
};
const binary = (res: { body: unknown }) => res.body as Buffer;
describe('upload', () => {
  it.each([
    ['PDF', files.pdf, 'výpis.pdf', 'OTHER', 'application/pdf'],
    ['JPEG', files.jpeg, 'foto.jpg', 'PROPERTY_PHOTO', 'image/jpeg'],
    ['PNG', files.png, 'foto.png', 'PROPERTY_PHOTO', 'image/png'],
    ['HEIC', files.heic, 'IMG_0001.HEIC', 'PROPERTY_PHOTO', 'image/heic'],
  ])('accepts a %s by its content, stores it and answers 201 with the document', async (_kind, bytes, name, category, type) => {
    const form = await createForm(ctx.deps, { realty: 'FLAT' });
    const res = await upload(form.token, category, bytes, name);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ category, file_name: name, mime_type: type, size: bytes.length, verified_at: null });
    expect(res.body.download_url).toBe(`/api/v1/forms/${form.token}/documents/${res.body.id}/`);
    const row = await ctx.deps.prisma.formDocument.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.storageKey).toMatch(new RegExp(`^forms/${form.id}/[0-9a-f-]{36}$`));
    const onDisk = path.join(temp.dataDir, 'uploads', ...row.storageKey.split('/'));
    expect(fs.readFileSync(onDisk)).toEqual(bytes);
    expect(fs.readdirSync(path.dirname(onDisk)).some((f) => f.startsWith('.tmp-'))).toBe(false);
  });

  it('takes exactly 10 MB and answers 413 with the spec message for 10 MB + 1 byte', async () => {
    const form = await createForm(ctx.deps);
    const exact = Buffer.concat([files.pdf, Buffer.alloc(MB10 - files.pdf.length, 0x20)]);
    expect((await upload(form.token, 'OTHER', exact)).status).toBe(201);
    const over = Buffer.concat([exact, Buffer.from(' ')]);
    const res = await upload(form.token, 'OTHER', over);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: UPLOAD_MESSAGE });
    expect(await ctx.deps.prisma.formDocument.count({ where: { formId: form.id } })).toBe(1);
  });

  it('refuses a renamed executable (MZ header named .pdf, declared application/pdf) with 400 and the spec message', async () => {
    const form = await createForm(ctx.deps);
    const res = await upload(form.token, 'OTHER', files.exe, 'vypis.pdf', 'application/pdf');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: [UPLOAD_MESSAGE] });
    expect(await ctx.deps.prisma.formDocument.count({ where: { formId: form.id } })).toBe(0);
  });

  it('refuses empty files, text files and executables carrying "%PDF" after their header', async () => {
    const form = await createForm(ctx.deps);
    for (const bytes of [Buffer.alloc(0), Buffer.from('just text'), Buffer.concat([files.exe, files.pdf])]) {
      const res = await upload(form.token, 'OTHER', bytes, 'x.pdf');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ file: [UPLOAD_MESSAGE] });
    }
  });

  it('takes bank statements as PDF only', async () => {
    const form = await createForm(ctx.deps);
    const res = await upload(form.token, 'BANK_STATEMENT', files.jpeg, 'vypis.jpg');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: [UPLOAD_MESSAGE] });
    expect((await upload(form.token, 'BANK_STATEMENT', files.pdf, 'vypis.pdf')).status).toBe(201);
  });

  it('answers 400 for a missing category, a missing file, an unknown category and a category the form does not ask for', async () => {
    const consumer = await createForm(ctx.deps);
    expect((await upload(consumer.token, null, files.pdf)).body).toEqual({ category: ['Pole je povinné'] });
    const noFile = await upload(consumer.token, 'OTHER', null);
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ file: ['Pole je povinné'] });
    const nothing = await ctx.http().post(`/api/v1/forms/${consumer.token}/documents/`).send({});
    expect(nothing.status).toBe(400);
    expect(nothing.body).toEqual({ category: ['Pole je povinné'], file: ['Pole je povinné'] });
    const unknown = await upload(consumer.token, 'PASSPORT', files.pdf);
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body)).toEqual(['category']);
    const foreign = await upload(consumer.token, 'TAX_RETURN', files.pdf);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ category: ['Tento druh dokumentu k této žádosti nepatří.'] });
    const noCollateral = await upload(consumer.token, 'PROPERTY_PHOTO', files.jpeg, 'a.jpg');
    expect(noCollateral.body).toEqual({ category: ['Tento druh dokumentu k této žádosti nepatří.'] });
  });

  it('answers 400 for a second file or a file under another field name', async () => {
    const form = await createForm(ctx.deps);
    const two = await ctx.http().post(`/api/v1/forms/${form.token}/documents/`).field('category', 'OTHER').attach('file', files.pdf, 'a.pdf').attach('file', files.pdf, 'b.pdf');
    expect(two.status).toBe(400);
    expect(two.body.file).toHaveLength(1);
    const other = await ctx.http().post(`/api/v1/forms/${form.token}/documents/`).field('category', 'OTHER').attach('document', files.pdf, 'a.pdf');
    expect(other.status).toBe(400);
    expect(await ctx.deps.prisma.formDocument.count({ where: { formId: form.id } })).toBe(0);
  });

  it('keeps a sanitised name whose extension matches the content', async () => {
    const form = await createForm(ctx.deps);
    const cases: [string, string][] = [
      ['../../etc/passwd', 'passwd.pdf'],
      ['C:\\Users\\jana\\Výpis březen.PDF', 'Výpis březen.PDF'],
      ['faktura.exe', 'faktura.exe.pdf'],
      ['a\u202egpj.exe', 'agpj.exe.pdf'],
      ['...', 'soubor.pdf'],
    ];
    for (const [given, kept] of cases) {
      const res = await upload(form.token, 'OTHER', files.pdf, given);
      expect(res.status, given).toBe(201);
      expect(res.body.file_name, given).toBe(kept);
    }
  });

  it('answers 404 for an unknown token and 409 for a closed form', async () => {
    const missing = await upload('A'.repeat(32), 'OTHER', files.pdf);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Žádost nebyla nalezena.' });
    expect((await documentsOf('A'.repeat(32))).status).toBe(404);
    expect((await documentsOf('short')).status).toBe(404);
    const closed = await createForm(ctx.deps, { state: 'CLOSED' });
    const res = await upload(closed.token, 'OTHER', files.pdf);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'Žádost je uzavřena a nelze ji měnit.' });
    expect((await documentsOf(closed.token)).status).toBe(200);
  });
});

describe('categories and the counter of missing files', () => {
  it('consumer without collateral: statements (3), employer confirmation or pay slip (1), other optional', async () => {
    const form = await createForm(ctx.deps);
    const res = await documentsOf(form.token);
    expect(res.status).toBe(200);
    expect(res.body.categories.map((c: { category: string }) => c.category)).toEqual(['BANK_STATEMENT', 'EMPLOYER_CONFIRMATION', 'PAY_SLIP', 'OTHER']);
    expect(res.body.requirements).toEqual([
      { requirement: 'BANK_STATEMENTS', label: 'Bankovní výpisy za poslední 3 měsíce', categories: ['BANK_STATEMENT'], required: true, min_files: 3, uploaded_count: 0, missing_count: 3, satisfied: false },
      {
        requirement: 'INCOME_PROOF',
        label: 'Doklad o příjmu: potvrzení od zaměstnavatele nebo výplatní pásky',
        categories: ['EMPLOYER_CONFIRMATION', 'PAY_SLIP'],
        required: true,
        min_files: 1,
        uploaded_count: 0,
        missing_count: 1,
        satisfied: false,
      },
      { requirement: 'OTHER', label: 'Ostatní dokumenty', categories: ['OTHER'], required: false, min_files: 0, uploaded_count: 0, missing_count: 0, satisfied: true },
    ]);
    expect(res.body.missing_count).toBe(4);
    const payslip = res.body.categories.find((c: { category: string }) => c.category === 'PAY_SLIP');
    expect(payslip).toEqual({
      category: 'PAY_SLIP',
      label: 'Výplatní páska',
      requirement: 'INCOME_PROOF',
      required: true,
      min_files: 1,
      alternatives: ['EMPLOYER_CONFIRMATION'],
      accepted_types: ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'],
      files: [],
    });
    expect(res.body.categories[0].accepted_types).toEqual(['application/pdf']);
    expect(res.body.bank_statements).toMatchObject({ any_data: false, valid: false, is_dirty: false, too_few_transactions: false, missing_count: 3, connections: [] });
  });

  it('consumer with a flat: five photos; one pay slip meets income proof', async () => {
    const form = await createForm(ctx.deps, { realty: 'FLAT' });
    let res = await documentsOf(form.token);
    expect(res.body.requirements.find((r: { requirement: string }) => r.requirement === 'PROPERTY_PHOTOS')).toMatchObject({ min_files: 5, missing_count: 5 });
    expect(res.body.missing_count).toBe(3 + 1 + 5);
    await upload(form.token, 'PAY_SLIP', files.pdf, 'paska.pdf');
    for (let i = 0; i < 2; i++) await upload(form.token, 'PROPERTY_PHOTO', files.jpeg, `foto${i}.jpg`);
    res = await documentsOf(form.token);
    expect(res.body.missing_count).toBe(3 + 0 + 3);
    const photos = res.body.categories.find((c: { category: string }) => c.category === 'PROPERTY_PHOTO');
    expect(photos.files.map((f: { file_name: string }) => f.file_name)).toEqual(['foto0.jpg', 'foto1.jpg']);
    expect(photos.files[0]).toMatchObject({ category_label: 'Fotografie nemovitosti', mime_type: 'image/jpeg', transactions_count: null });
  });

  it('business loan with a family house: tax return or accounts closing, ten photos', async () => {
    const form = await createForm(ctx.deps, { type: 'INVESTMENT_LOAN', realty: 'FAMILY_HOUSE' });
    let res = await documentsOf(form.token);
    expect(res.body.categories.map((c: { category: string }) => c.category)).toEqual(['BANK_STATEMENT', 'TAX_RETURN', 'ACCOUNTS_CLOSING', 'PROPERTY_PHOTO', 'OTHER']);
    expect(res.body.requirements.map((r: { requirement: string; min_files: number }) => [r.requirement, r.min_files])).toEqual([
      ['BANK_STATEMENTS', 3],
      ['INCOME_PROOF', 1],
      ['PROPERTY_PHOTOS', 10],
      ['OTHER', 0],
    ]);
    expect(res.body.missing_count).toBe(14);
    expect((await upload(form.token, 'ACCOUNTS_CLOSING', files.pdf, 'zaverka.pdf')).status).toBe(201);
    expect((await upload(form.token, 'PAY_SLIP', files.pdf)).status).toBe(400);
    res = await documentsOf(form.token);
    expect(res.body.missing_count).toBe(13);
    expect(res.body.requirements[1]).toMatchObject({ requirement: 'INCOME_PROOF', uploaded_count: 1, missing_count: 0, satisfied: true });
  });

  it('land asks for five photos; a form without a lead asks for none', async () => {
    const land = await createForm(ctx.deps, { realty: 'LAND' });
    expect((await documentsOf(land.token)).body.missing_count).toBe(3 + 1 + 5);
    const bare = await createForm(ctx.deps, { withLead: false });
    expect((await documentsOf(bare.token)).body.missing_count).toBe(4);
  });

  it('still lists files of a category that no longer applies (collateral withdrawn)', async () => {
    const form = await createForm(ctx.deps, { realty: 'FLAT' });
    await upload(form.token, 'PROPERTY_PHOTO', files.png, 'dum.png');
    await ctx.deps.prisma.lead.update({ where: { id: form.leadId! }, data: { realtyId: null } });
    const res = await documentsOf(form.token);
    expect(res.body.missing_count).toBe(4);
    const photos = res.body.categories.find((c: { category: string }) => c.category === 'PROPERTY_PHOTO');
    expect(photos).toMatchObject({ required: false, min_files: 0, files: [{ file_name: 'dum.png' }] });
  });
});

describe('download and delete', () => {
  it('streams the stored bytes with the stored type and an RFC 5987 file name', async () => {
    const form = await createForm(ctx.deps, { realty: 'FLAT' });
    const name = "Výplatní páska – březen (Jana's) 100%.png";
    const up = await upload(form.token, 'PAY_SLIP', files.png, name);
    expect(up.status).toBe(201);
    expect(up.body.file_name).toBe(name);
    const res = await ctx.http().get(`/api/v1/forms/${form.token}/documents/${up.body.id}/`).buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(binary(res)).toEqual(files.png);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(files.png.length));
    expect(res.headers['content-disposition']).toBe(
      "attachment; filename=\"Vyplatni paska _ brezen (Jana's) 100_.png\"; filename*=UTF-8''V%C3%BDplatn%C3%AD%20p%C3%A1ska%20%E2%80%93%20b%C5%99ezen%20%28Jana%27s%29%20100%25.png",
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const head = await ctx.http().head(`/api/v1/forms/${form.token}/documents/${up.body.id}/`);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(files.png.length));
  });

  it('deletes the document and its stored file (204), then answers 404', async () => {
    const form = await createForm(ctx.deps);
    const up = await upload(form.token, 'OTHER', files.pdf);
    const row = await ctx.deps.prisma.formDocument.findUniqueOrThrow({ where: { id: up.body.id } });
    expect(await storageFor(ctx.deps).exists(row.storageKey)).toBe(true);
    const res = await ctx.http().delete(`/api/v1/forms/${form.token}/documents/${up.body.id}/`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await storageFor(ctx.deps).exists(row.storageKey)).toBe(false);
    expect(await ctx.deps.prisma.formDocument.count({ where: { id: up.body.id } })).toBe(0);
    expect((await ctx.http().get(`/api/v1/forms/${form.token}/documents/${up.body.id}/`)).status).toBe(404);
    const again = await ctx.http().delete(`/api/v1/forms/${form.token}/documents/${up.body.id}/`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: 'Dokument nebyl nalezen.' });
  });

  it("answers 404 for another form's document, whatever the method, and leaves it alone", async () => {
    const owner = await createForm(ctx.deps);
    const stranger = await createForm(ctx.deps);
    const up = await upload(owner.token, 'OTHER', files.pdf);
    const get = await ctx.http().get(`/api/v1/forms/${stranger.token}/documents/${up.body.id}/`);
    expect(get.status).toBe(404);
    expect(get.body).toEqual({ detail: 'Dokument nebyl nalezen.' });
    expect((await ctx.http().delete(`/api/v1/forms/${stranger.token}/documents/${up.body.id}/`)).status).toBe(404);
    expect((await ctx.http().get(`/api/v1/forms/${owner.token}/documents/${up.body.id}/`)).status).toBe(200);
    expect((await ctx.http().get(`/api/v1/forms/${owner.token}/documents/abc/`)).status).toBe(404);
    expect((await ctx.http().get(`/api/v1/forms/${'B'.repeat(32)}/documents/${up.body.id}/`)).body).toEqual({ detail: 'Žádost nebyla nalezena.' });
  });

  it('a closed form keeps its files readable but not deletable', async () => {
    const form = await createForm(ctx.deps);
    const up = await upload(form.token, 'OTHER', files.pdf);
    await ctx.deps.prisma.applicationForm.update({ where: { id: form.id }, data: { state: 'CLOSED' } });
    expect((await ctx.http().get(`/api/v1/forms/${form.token}/documents/${up.body.id}/`)).status).toBe(200);
    expect((await ctx.http().delete(`/api/v1/forms/${form.token}/documents/${up.body.id}/`)).status).toBe(409);
  });
});
