import { UploadType, type DocumentCategory, type DocumentRequirement } from '@lending/contracts';
import type { FormType, RealtyType } from '../../generated/prisma/enums.ts';

export interface RequirementRule {
  requirement: DocumentRequirement;
  label: string;
  categories: DocumentCategory[];
  required: boolean;
  /** Files the requirement asks for (bank statements: three monthly statements, or a connection). */
  minFiles: number;
}

/** Bank statements are checked by what they cover, not counted: see evaluate-bank-statements.ts. */
export const BANK_STATEMENT_FILES = 3;
export const FLAT_PHOTOS = 5;
export const FAMILY_HOUSE_PHOTOS = 10;
/** Land and other property: the lower of the spec's two photo counts. */
export const OTHER_PROPERTY_PHOTOS = 5;
/** More files than any application needs: a cap against filling the disk through one token. */
export const MAX_DOCUMENTS_PER_FORM = 100;

export const REQUIREMENT_OF: Record<DocumentCategory, DocumentRequirement> = {
  BANK_STATEMENT: 'BANK_STATEMENTS',
  EMPLOYER_CONFIRMATION: 'INCOME_PROOF',
  PAY_SLIP: 'INCOME_PROOF',
  TAX_RETURN: 'INCOME_PROOF',
  ACCOUNTS_CLOSING: 'INCOME_PROOF',
  PROPERTY_PHOTO: 'PROPERTY_PHOTOS',
  OTHER: 'OTHER',
};

/** Statements must be read to be checked, and only PDFs can be; everything else takes any allowed type. */
export function acceptedTypes(category: DocumentCategory): UploadType[] {
  return category === 'BANK_STATEMENT' ? ['application/pdf'] : [...UploadType];
}

export function photosRequired(realtyType: RealtyType): number {
  if (realtyType === 'FAMILY_HOUSE') return FAMILY_HOUSE_PHOTOS;
  if (realtyType === 'FLAT') return FLAT_PHOTOS;
  return OTHER_PROPERTY_PHOTOS;
}

/**
 * What the Documents screen asks of this form (portal.md §2): bank statements for 90 days;
 * income proof by loan type; photos of the collateral when there is one; other documents optional.
 */
export function documentRules(formType: FormType, collateral: RealtyType | null): RequirementRule[] {
  const rules: RequirementRule[] = [
    { requirement: 'BANK_STATEMENTS', label: 'Bankovní výpisy za poslední 3 měsíce', categories: ['BANK_STATEMENT'], required: true, minFiles: BANK_STATEMENT_FILES },
    formType === 'INVESTMENT_LOAN'
      ? { requirement: 'INCOME_PROOF', label: 'Doklad o příjmu: daňové přiznání nebo účetní závěrka', categories: ['TAX_RETURN', 'ACCOUNTS_CLOSING'], required: true, minFiles: 1 }
      : { requirement: 'INCOME_PROOF', label: 'Doklad o příjmu: potvrzení od zaměstnavatele nebo výplatní pásky', categories: ['EMPLOYER_CONFIRMATION', 'PAY_SLIP'], required: true, minFiles: 1 },
  ];
  if (collateral) {
    rules.push({ requirement: 'PROPERTY_PHOTOS', label: 'Fotografie nemovitosti', categories: ['PROPERTY_PHOTO'], required: true, minFiles: photosRequired(collateral) });
  }
  rules.push({ requirement: 'OTHER', label: 'Ostatní dokumenty', categories: ['OTHER'], required: false, minFiles: 0 });
  return rules;
}
