import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { ModelInstallmentsView } from '@lending/contracts';
import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import {
  activateWithApproval,
  acceptedOfferLead,
  addPayoutPurpose,
  backdateFirstModel,
  changeDealState,
  czechDate,
  DAY,
  dealFromLead,
  expectAccessible,
  OPEN_DIALOG,
  pragueToday,
  signIn,
  staffToken,
} from './support';

// Issue 14's journey: a deal with overdue installments (made as in the deal journey) is paid
// by a bank statement. Its lines carry the deal's VS for every overdue installment but the
// last; that one comes with a wrong VS (the same amount) and lands in the unpaired inbox, where
// staff pair it to the deal. The deal then shows each payment's allocation, the installments
// paid and no days past due: the replay recomputes DPD at once (ADR 0033), no close of business.

interface Line {
  reference: string;
  amount: string;
  vs: string;
  name: string;
  iban: string;
  message: string;
}

/** Decimal strings ("4500.00") summed in haléře: no float on money. */
const sumOf = (amounts: readonly string[]) => {
  const hellers = amounts.reduce((sum, amount) => sum + BigInt(amount.replace('.', '')), 0n);
  const text = hellers.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
};

/** How the back-office writes an amount ("18 000 Kč", "13 500,37 Kč"), any space between groups. */
const czkPattern = (amount: string) => {
  const [whole, cents] = amount.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\\s');
  return new RegExp(`^${grouped}${cents === '00' ? '' : `,${cents}`}\\sKč$`);
};

/** A camt.053.001.02 statement of one day's incoming payments (ČBA XML statement: VS in EndToEndId). */
function camt053(day: string, lines: readonly Line[]): string {
  const entries = lines
    .map(
      (line, i) => `
      <Ntry>
        <NtryRef>${i + 1}</NtryRef>
        <Amt Ccy="CZK">${line.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <RvslInd>false</RvslInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${day}</Dt></BookgDt>
        <ValDt><Dt>${day}</Dt></ValDt>
        <AcctSvcrRef>${line.reference}</AcctSvcrRef>
        <NtryDtls>
          <TxDtls>
            <Refs>
              <AcctSvcrRef>${line.reference}</AcctSvcrRef>
              <EndToEndId>/VS${line.vs}/SS/KS0558</EndToEndId>
            </Refs>
            <AmtDtls><TxAmt><Amt Ccy="CZK">${line.amount}</Amt></TxAmt></AmtDtls>
            <RltdPties>
              <Dbtr><Nm>${line.name}</Nm></Dbtr>
              <DbtrAcct><Id><IBAN>${line.iban}</IBAN></Id></DbtrAcct>
            </RltdPties>
            <RmtInf><Ustrd>${line.message}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>E2E-${day}-${lines[0]!.reference}</MsgId><CreDtTm>${day}T18:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>E2E-${lines[0]!.reference}</Id>
      <CreDtTm>${day}T18:00:00+01:00</CreDtTm>
      <Acct><Id><IBAN>CZ6508000000192000145399</IBAN></Id><Ccy>CZK</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="CZK">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="CZK">${sumOf(lines.map((l) => l.amount))}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

test('staff import a bank statement, pair the payment left unpaired and see the deal paid up with no days past due', async ({ page, browser, request }) => {
  test.setTimeout(240_000);

  // An active consumer loan whose first installments are overdue, made as in the deal journey.
  const leadId = await acceptedOfferLead(browser, request, { value: 180_000, installment: 4_500 });
  await signIn(page);
  const dealPath = await dealFromLead(page, leadId);
  const dealId = Number(dealPath.split('/').pop());
  await page.getByRole('tab', { name: 'Model a splátkový kalendář' }).click();
  await backdateFirstModel(page);
  await changeDealState(page, 'Dokončení smlouvy');
  await page.getByRole('tab', { name: 'Účely a čerpání' }).click();
  await addPayoutPurpose(page);
  await changeDealState(page, 'Podpis smlouvy');
  await activateWithApproval(page, request);

  // What the deal owes, as the API says: its VS, profile and the overdue installments.
  const headers = { Authorization: `Bearer ${await staffToken(request)}` };
  const apiGet = async <T>(path: string): Promise<T> => {
    const res = await request.get(path, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as T;
  };
  const deal = await apiGet<{ variable_symbol: string; days_past_due: number }>(`/api/v1/deals/${dealId}/`);
  const [model] = (await apiGet<{ results: { id: number; allocation_profile: string }[] }>(`/api/v1/deals/${dealId}/deal-model/?state=ACTIVE`)).results;
  // A consumer loan's profile pays whole installments first (§ 1932(2)), before penalty interest.
  expect(model!.allocation_profile).toBe('CL_PE_ALLOCATION_PROFILE_V2');
  const before = await apiGet<ModelInstallmentsView>(`/api/v1/deals/${dealId}/deal-model/${model!.id}/installments/`);
  const overdue = before.installments.filter((i) => i.status === 'OVERDUE');
  expect(overdue.length).toBeGreaterThanOrEqual(3);
  const today = pragueToday();
  const daysLate = (due: string) => Math.round((Date.parse(today) - Date.parse(due)) / DAY);

  // The schedule shows them overdue, counted from each one's due date.
  const schedule = page.getByRole('table', { name: /^Splátkový kalendář/ });
  await page.getByRole('tab', { name: 'Model a splátkový kalendář' }).click();
  await expect(schedule.getByRole('row').nth(1)).toContainText(`Po splatnosti (${daysLate(overdue[0]!.due_date)} dní)`);

  // The bank statement: the deal's VS for every overdue installment but the last, whose amount
  // arrives from another account with a VS no deal has.
  const run = randomBytes(4).toString('hex');
  const unknownVs = `9${String(Date.now()).slice(-8)}`;
  const last = overdue.at(-1)!;
  const lines: Line[] = [
    ...overdue.slice(0, -1).map((installment) => ({
      reference: `E2E-${run}-${installment.number}`,
      amount: installment.amount,
      vs: deal.variable_symbol,
      name: 'Jana Nováková',
      iban: 'CZ8620100000002900123456',
      message: `Splátka ${installment.number}`,
    })),
    { reference: `E2E-${run}-X`, amount: last.amount, vs: unknownVs, name: 'Marie Nováková', iban: `CZ550800000000${String(Date.now()).slice(-10)}`, message: 'Za Janu' },
  ];

  await page.getByRole('navigation').getByRole('link', { name: 'Platby' }).click();
  await expect(page).toHaveURL(/\/admin\/payments/);
  const statementFile = { name: `vypis-${today}.xml`, mimeType: 'application/xml', buffer: Buffer.from(camt053(today, lines)) };
  await page.getByLabel('Soubor výpisu').setInputFiles(statementFile);
  await page.getByRole('button', { name: 'Nahrát výpis' }).click();
  const result = page.getByLabel('Výsledek importu');
  await expect(result).toBeVisible({ timeout: 60_000 });
  const fact = (label: string) => result.locator('.description-list__item').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(fact('Řádků ve výpisu')).toHaveText(String(lines.length));
  await expect(fact('Nové platby')).toHaveText(String(lines.length));
  await expect(fact('Spárováno')).toHaveText(String(lines.length - 1));
  await expect(fact('Nespárováno')).toHaveText('1');
  await expect(fact('Přeskočeno duplicit')).toHaveText('0');
  await expectAccessible(page);
  await saveScreenshot(page, 'backoffice-payments-import');

  // The same file uploaded again (by mistake) books nothing new; the figures shown are the
  // original import's, and say so.
  await page.getByLabel('Soubor výpisu').setInputFiles(statementFile);
  await page.getByRole('button', { name: 'Nahrát výpis' }).click();
  await expect(page.getByText(/^Tento výpis už byl naimportován dne .+ – nic nového nevzniklo\. Počty jsou z původního importu\.$/)).toBeVisible();
  const earlier = page.getByLabel(/^Výsledek původního importu ze dne /);
  await expect(earlier.locator('.description-list__item').filter({ has: page.getByText('Nové platby', { exact: true }) }).locator('dd')).toHaveText(String(lines.length));

  // The paired payments are in the list, each with its deal…
  await page.goto(`/admin/payments?search=${deal.variable_symbol}&unpaired=false`);
  const list = page.getByRole('table', { name: 'Seznam plateb' });
  await expect(list.getByRole('link', { name: `Obchod #${dealId}` })).toHaveCount(lines.length - 1);

  // …the deal is still late from its last overdue installment (the replay brought DPD to today)…
  expect((await apiGet<{ days_past_due: number }>(`/api/v1/deals/${dealId}/`)).days_past_due).toBe(daysLate(last.due_date));

  // …and the one with the unknown VS waits in the unpaired inbox. Staff find the deal by its VS
  // in the dialog and pair it.
  await page.goto(`/admin/payments?search=${unknownVs}`);
  const unpaired = list.getByRole('row').filter({ hasText: unknownVs });
  await expect(unpaired).toHaveCount(1);
  await expect(unpaired).toContainText('Nespárovaná');
  await unpaired.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Přiřadit k obchodu (1)' }).click();
  const assign = page.getByRole('dialog', { name: 'Přiřadit k obchodu' });
  await assign.getByLabel('Vyhledat obchod').fill(deal.variable_symbol);
  await assign.getByRole('radio', { name: new RegExp(`^#${dealId} `) }).check();
  await expect(assign.getByLabel('Číslo obchodu')).toHaveValue(String(dealId));
  await expectAccessible(page, OPEN_DIALOG);
  await assign.getByRole('button', { name: 'Přiřadit' }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByText(`1 platba přiřazena k obchodu #${dealId}.`).first()).toBeVisible();
  await expect(page.getByText('Žádné nespárované platby neodpovídají filtru.')).toBeVisible();

  // On the deal, the paired payment opens to where its crowns went: the last overdue
  // installment, by the profile's rule for due installments.
  await page.goto(dealPath);
  await page.getByRole('tab', { name: 'Platby', exact: true }).click();
  const payments = page.getByRole('table', { name: `Platby obchodu #${dealId}` });
  await expect(payments.getByRole('row')).toHaveCount(lines.length + 1);
  const paired = payments.getByRole('row').filter({ hasText: unknownVs });
  await paired.getByRole('button', { name: /^Rozúčtování/ }).click();
  const allocation = page.getByRole('table', { name: /^Rozúčtování platby č\. \d+$/ });
  await expect(allocation).toBeVisible();
  await expect(allocation.getByRole('row').filter({ hasText: 'Jistina' })).toContainText('Splatné splátky');
  await expect(allocation.getByRole('row').filter({ hasText: 'Úrok' })).toContainText(czechDate(last.due_date));
  await expect(allocation).not.toContainText('CL_PE_ALLOCATION_PROFILE');
  await expectAccessible(page);
  await saveScreenshot(page, 'backoffice-deal-payment-allocation');

  // The schedule marks every overdue installment paid; nothing is overdue; the header's DPD is 0.
  await page.getByRole('tab', { name: 'Model a splátkový kalendář' }).click();
  for (const installment of overdue) {
    const row = schedule.getByRole('row').nth(installment.number);
    await expect(row).toContainText(czechDate(installment.due_date));
    await expect(row).toContainText('Zaplaceno');
  }
  await expect(schedule.getByRole('row').nth(last.number + 1)).toContainText(/Splatné|Budoucí/);
  const totals = page.getByRole('region', { name: 'Splátkový kalendář', exact: true });
  await expect(totals.locator('.description-list__item').filter({ hasText: 'Po splatnosti ze splátek (jistina a úrok)' }).locator('dd')).toHaveText(/^0\sKč$/);
  await expect(totals.locator('.description-list__item').filter({ hasText: 'Zaplaceno' }).locator('dd')).toHaveText(czkPattern(sumOf(overdue.map((i) => i.amount))));
  await expect(page.getByLabel('Souhrn obchodu')).toContainText('Bez prodlení');
  await expectAccessible(page);
  await saveScreenshot(page, 'backoffice-deal-paid-up');

  // A claims statement as of today: created, saved, downloaded as the debtor's PDF. Paid up,
  // the deal owes nothing overdue, so the statement's due total is 0.
  await page.getByRole('tab', { name: 'Vyčíslení', exact: true }).click();
  await page.getByRole('button', { name: 'Nové vyčíslení' }).click();
  const create = page.getByRole('dialog', { name: 'Nové vyčíslení' });
  await expect(create.getByLabel('Ke dni')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await create.getByRole('button', { name: 'Vytvořit vyčíslení' }).click();
  await expect(create).toBeHidden();
  const statement = page.getByRole('region', { name: /^Vyčíslení č\. \d+ ke dni / });
  await expect(statement).toBeVisible();
  await statement.getByRole('button', { name: 'Uložit' }).click();
  await expect(statement).toContainText('Uložený');
  await expect(statement.getByRole('button', { name: 'Uložit' })).toHaveCount(0);
  await expectAccessible(page);
  const [pdf] = await Promise.all([page.waitForEvent('download'), statement.getByRole('button', { name: 'Stáhnout PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect(fs.readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe('%PDF-');
  await saveScreenshot(page, 'backoffice-claims-statement');
});
