import { DocumentCategory, type DocumentsOverview } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { findFormByToken } from '../form-access/form-token.ts';
import { acceptedTypes, documentRules, REQUIREMENT_OF } from './document-rules.ts';
import { computeBankStatements } from './evaluate-bank-statements.ts';
import { collateralType, documentView } from './form-documents.ts';

/**
 * The Documents screen of a form: what it asks for, what is uploaded, and `missing_count`,
 * the files still needed for the portal's counter (bank statements: one per uncovered month,
 * see evaluate-bank-statements.ts). Categories that no longer apply but hold files are listed too.
 */
export async function listDocuments(deps: Pick<Deps, 'prisma' | 'now'>, _actor: Actor, input: { token: string }): Promise<DocumentsOverview> {
  const form = await findFormByToken(deps, input.token);
  const [realtyType, documents, counts, bank] = await Promise.all([
    collateralType(deps, form),
    deps.prisma.formDocument.findMany({ where: { formId: form.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    deps.prisma.bankTransaction.groupBy({ by: ['documentId'], where: { document: { formId: form.id } }, _count: { _all: true } }),
    computeBankStatements(deps, form.id),
  ]);
  const { fingerprint: _fingerprint, ...bankStatements } = bank;
  const rules = documentRules(form.type, realtyType);
  const transactions = new Map(counts.map((c) => [c.documentId, c._count._all]));
  const filesOf = (category: DocumentCategory) => documents.filter((d) => d.category === category);

  const requirements = rules.map((rule) => {
    const uploaded = rule.categories.reduce((n, c) => n + filesOf(c).length, 0);
    const missing = rule.requirement === 'BANK_STATEMENTS' ? bankStatements.missing_count : Math.max(0, rule.minFiles - uploaded);
    return {
      requirement: rule.requirement,
      label: rule.label,
      categories: rule.categories,
      required: rule.required,
      min_files: rule.minFiles,
      uploaded_count: uploaded,
      missing_count: missing,
      satisfied: missing === 0,
    };
  });

  const listed = new Set<DocumentCategory>();
  const categories = [];
  for (const rule of rules) {
    for (const category of rule.categories) {
      listed.add(category);
      categories.push({ category, rule });
    }
  }
  for (const category of DocumentCategory.values) {
    if (!listed.has(category) && filesOf(category).length > 0) {
      categories.push({ category, rule: { requirement: REQUIREMENT_OF[category], categories: [category], required: false, minFiles: 0 } });
    }
  }

  return {
    missing_count: requirements.reduce((n, r) => n + r.missing_count, 0),
    requirements,
    categories: categories.map(({ category, rule }) => ({
      category,
      label: DocumentCategory.labels[category],
      requirement: rule.requirement,
      required: rule.required,
      min_files: rule.minFiles,
      alternatives: rule.categories.filter((c) => c !== category),
      accepted_types: acceptedTypes(category),
      files: filesOf(category).map((d) => documentView(form.token, d, transactions.get(d.id) ?? 0)),
    })),
    bank_statements: bankStatements,
  };
}
