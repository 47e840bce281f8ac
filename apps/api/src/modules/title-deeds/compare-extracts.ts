import { ENCUMBRANCE_LABELS, type CollateralAlertKind, type TitleDeedChange, type TitleDeedExtract } from '@lending/contracts';

type Part = TitleDeedChange['part'];
type Encumbrance = TitleDeedExtract['encumbrances'][number];

const share = (o: TitleDeedExtract['owners'][number]) => (o.share_numerator === o.share_denominator ? 'celek' : `${o.share_numerator}/${o.share_denominator}`);

/** Each part of an extract as (identity, Czech text): what is the same thing in two extracts. */
function entries(extract: TitleDeedExtract): { part: Part; key: string; text: string; encumbrance?: Encumbrance }[] {
  return [
    ...extract.owners.map((o) => ({
      part: 'OWNER' as const,
      key: `${o.kind}|${o.birth_number ?? o.company_id ?? o.name}|${share(o)}`,
      text: `${o.kind === 'JOINT_MARITAL_OWNERSHIP' ? 'SJM' : 'Vlastník'} ${o.name}, podíl ${share(o)}`,
    })),
    ...extract.encumbrances.map((e) => ({
      part: 'ENCUMBRANCE' as const,
      key: `${e.type}|${e.document ?? e.description}|${e.beneficiary ?? ''}`,
      text: `${ENCUMBRANCE_LABELS[e.type]}: ${e.description}${e.beneficiary ? ` (pro ${e.beneficiary})` : ''}${e.document ? `, ${e.document}` : ''}`,
      encumbrance: e,
    })),
    ...extract.parcels.map((p) => ({ part: 'PARCEL' as const, key: p.number, text: `Parcela ${p.number}, ${p.area} m², ${p.land_type}` })),
    ...extract.buildings.map((b) => ({ part: 'BUILDING' as const, key: `${b.house_number ?? ''}|${b.on_parcel ?? ''}`, text: `Stavba${b.house_number ? ` č. p. ${b.house_number}` : ''}${b.on_parcel ? ` na parcele ${b.on_parcel}` : ''}, ${b.usage}` })),
    ...extract.units.map((u) => ({ part: 'UNIT' as const, key: u.number, text: `Jednotka ${u.number}, ${u.usage}` })),
  ];
}

/** What is in `next` and not in `previous` (ADDED) and the other way round (REMOVED). */
export function compareExtracts(previous: TitleDeedExtract, next: TitleDeedExtract): TitleDeedChange[] {
  const before = entries(previous);
  const after = entries(next);
  const beforeKeys = new Set(before.map((e) => `${e.part}:${e.key}`));
  const afterKeys = new Set(after.map((e) => `${e.part}:${e.key}`));
  return [
    ...after.filter((e) => !beforeKeys.has(`${e.part}:${e.key}`)).map((e) => ({ kind: 'ADDED' as const, part: e.part, text: e.text })),
    ...before.filter((e) => !afterKeys.has(`${e.part}:${e.key}`)).map((e) => ({ kind: 'REMOVED' as const, part: e.part, text: e.text })),
  ];
}

/**
 * What a lender must hear of (issue 25 §3): each new distraint, another pledge (not the lender's
 * own), an insolvency note, another new encumbrance, and a change of owner (once). Unchanged
 * extracts and removed encumbrances raise nothing.
 */
export function collateralAlerts(previous: TitleDeedExtract, next: TitleDeedExtract, lenderName: string): { kind: CollateralAlertKind; description: string }[] {
  const before = new Set(entries(previous).map((e) => `${e.part}:${e.key}`));
  const added = entries(next).filter((e) => !before.has(`${e.part}:${e.key}`));
  const alerts: { kind: CollateralAlertKind; description: string }[] = [];
  for (const e of added) {
    if (!e.encumbrance) continue;
    const { type, beneficiary } = e.encumbrance;
    if (type === 'PLEDGE' && beneficiary !== null && sameName(beneficiary, lenderName)) continue;
    const kind: CollateralAlertKind = type === 'DISTRAINT' ? 'DISTRAINT' : type === 'PLEDGE' ? 'PLEDGE' : type === 'INSOLVENCY' ? 'INSOLVENCY' : 'OTHER_ENCUMBRANCE';
    alerts.push({ kind, description: e.text });
  }
  const owners = (x: TitleDeedExtract) => new Set(x.owners.map((o) => `${o.kind}|${o.birth_number ?? o.company_id ?? o.name}|${share(o)}`));
  const [was, now] = [owners(previous), owners(next)];
  if (was.size !== now.size || [...now].some((o) => !was.has(o))) {
    alerts.push({ kind: 'OWNER_CHANGE', description: `Vlastníci: ${next.owners.map((o) => `${o.name} (${share(o)})`).join(', ') || 'žádní'}; dříve ${previous.owners.map((o) => `${o.name} (${share(o)})`).join(', ') || 'žádní'}.` });
  }
  return alerts;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
