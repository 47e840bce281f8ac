import { defineEnum, type EnumValue } from './enum.ts';

/*
 * Every enumeration of both specs, with the Czech label staff and applicants see.
 * An enum stored in the database has a twin of the same name and the same values in
 * prisma/schema.prisma; enums.test.ts fails when the two drift apart. Values keep the
 * spelling of the specs, including its typos (CLOSED_DEBTOR_DEATH_NO_SUCCESOR).
 */

// ---------------------------------------------------------------------------------------------
// Deals
// ---------------------------------------------------------------------------------------------

export const DealState = defineEnum(
  [
    'ACTIVE',
    'CLOSED',
    'CLOSED_APPLICATION',
    'CONTRACT_COMPLETION',
    'CONTRACT_SIGN',
    'FILED_FOR_INSOLVENCY',
    'NEW_APPLICATION',
  ],
  {
    ACTIVE: 'Aktivní',
    CLOSED: 'Uzavřený',
    CLOSED_APPLICATION: 'Uzavřená žádost',
    CONTRACT_COMPLETION: 'Dokončení smlouvy',
    CONTRACT_SIGN: 'Podpis smlouvy',
    FILED_FOR_INSOLVENCY: 'Podán insolvenční návrh',
    NEW_APPLICATION: 'Nová žádost',
  },
);
export type DealState = EnumValue<typeof DealState>;

export const DealClosedReason = defineEnum(
  [
    'CHANGE_PRODUCT_TYPE',
    'CLOSED_AFTER_INSOLVENCY',
    'CLOSED_AFTER_LIQUIDATION',
    'CLOSED_DEAL_WRITE_OFF',
    'CLOSED_DEBTOR_DEATH_NO_SUCCESOR',
    'CLOSED_DULY',
    'CLOSED_ENFORCEMENT',
    'CLOSED_LEASE_FINISHED',
    'CLOSED_LEASE_FORCED_EVICTION',
    'CLOSED_MOVED_TO_HC',
    'CLOSED_MOVED_TO_THIRD_PARTY',
    'CLOSED_PREMATURELY',
    'CLOSED_PROPERTY_NOT_PURCHASED',
    'CLOSED_PROPERTY_PURCHASED',
    'CLOSED_PROPERTY_SOLD',
    'CLOSED_REFINANCED',
    'OTHER',
  ],
  {
    CHANGE_PRODUCT_TYPE: 'Změna typu produktu',
    CLOSED_AFTER_INSOLVENCY: 'Ukončeno po insolvenci',
    CLOSED_AFTER_LIQUIDATION: 'Ukončeno po likvidaci',
    CLOSED_DEAL_WRITE_OFF: 'Odepsáno',
    CLOSED_DEBTOR_DEATH_NO_SUCCESOR: 'Úmrtí dlužníka bez právního nástupce',
    CLOSED_DULY: 'Řádně splaceno',
    CLOSED_ENFORCEMENT: 'Ukončeno vymožením',
    CLOSED_LEASE_FINISHED: 'Nájem řádně skončil',
    CLOSED_LEASE_FORCED_EVICTION: 'Nájem ukončen nuceným vyklizením',
    CLOSED_MOVED_TO_HC: 'Předáno k vymáhání',
    CLOSED_MOVED_TO_THIRD_PARTY: 'Postoupeno třetí straně',
    CLOSED_PREMATURELY: 'Předčasně splaceno',
    CLOSED_PROPERTY_NOT_PURCHASED: 'Nemovitost nebyla zpětně odkoupena',
    CLOSED_PROPERTY_PURCHASED: 'Nemovitost zpětně odkoupena',
    CLOSED_PROPERTY_SOLD: 'Nemovitost prodána',
    CLOSED_REFINANCED: 'Refinancováno',
    OTHER: 'Jiný důvod',
  },
);
export type DealClosedReason = EnumValue<typeof DealClosedReason>;

export const DealType = defineEnum(
  [
    'BORROWING',
    'CONSUMER_LOAN',
    'HARD_COLLECTION',
    'INVESTMENT_LOAN',
    'INVESTMENT_LOAN_V15',
    'INVESTMENT_LOAN_V151',
    'INVESTMENT_LOAN_V2',
    'LEASE',
    'LEASING',
    'OTHER_DEAL',
    'SALE',
    'SALE_AND_LEASEBACK',
  ],
  {
    BORROWING: 'Přijatá zápůjčka',
    CONSUMER_LOAN: 'Spotřebitelský úvěr',
    HARD_COLLECTION: 'Vymáhání pohledávky',
    INVESTMENT_LOAN: 'Podnikatelský úvěr',
    INVESTMENT_LOAN_V15: 'Podnikatelský úvěr v1.5',
    INVESTMENT_LOAN_V151: 'Podnikatelský úvěr v1.5.1',
    INVESTMENT_LOAN_V2: 'Podnikatelský úvěr v2',
    LEASE: 'Nájem',
    LEASING: 'Leasing',
    OTHER_DEAL: 'Jiný obchod',
    SALE: 'Prodej',
    SALE_AND_LEASEBACK: 'Prodej a zpětný nájem',
  },
);
export type DealType = EnumValue<typeof DealType>;

export const LeadFormDealType = defineEnum(
  ['CONSUMER_LOAN', 'INVESTMENT_LOAN_V15', 'CONSUMER_LOAN_LEAD_FORM', 'UNI_LOAN_LEAD_FORM'],
  {
    CONSUMER_LOAN: 'Spotřebitelský úvěr',
    INVESTMENT_LOAN_V15: 'Podnikatelský úvěr v1.5',
    CONSUMER_LOAN_LEAD_FORM: 'Formulář spotřebitelského úvěru',
    UNI_LOAN_LEAD_FORM: 'Univerzální formulář žádosti o úvěr',
  },
);
export type LeadFormDealType = EnumValue<typeof LeadFormDealType>;

export const ClaimsStatementState = defineEnum(['DRAFT', 'IN_PROGRESS', 'NOT_VALID', 'SAVED'], {
  DRAFT: 'Koncept',
  IN_PROGRESS: 'Zpracovává se',
  NOT_VALID: 'Neplatný',
  SAVED: 'Uložený',
});
export type ClaimsStatementState = EnumValue<typeof ClaimsStatementState>;

export const BreachType = defineEnum(
  [
    'NON_PAYING',
    'UNDELIVERED_BLOCKAGE_AGREEMENT',
    'UNDELIVERED_INCOME_TAX_EVIDENCE',
    'UNDELIVERED_NOTARIAL_DEED',
    'UNDELIVERED_OTHER',
    'UNDELIVERED_OTHER_DOCUMENTS',
    'UNDELIVERED_PLEDGE_RIGHT',
    'UNDELIVERED_THIRD_PARTY_EVIDENCE',
  ],
  {
    NON_PAYING: 'Neplacení',
    UNDELIVERED_BLOCKAGE_AGREEMENT: 'Nedodaná blokační smlouva',
    UNDELIVERED_INCOME_TAX_EVIDENCE: 'Nedodané potvrzení o dani z příjmů',
    UNDELIVERED_NOTARIAL_DEED: 'Nedodaný notářský zápis',
    UNDELIVERED_OTHER: 'Nedodáno – ostatní',
    UNDELIVERED_OTHER_DOCUMENTS: 'Nedodané ostatní dokumenty',
    UNDELIVERED_PLEDGE_RIGHT: 'Nezřízené zástavní právo',
    UNDELIVERED_THIRD_PARTY_EVIDENCE: 'Nedodané potvrzení třetí strany',
  },
);
export type BreachType = EnumValue<typeof BreachType>;

export const AllocationProfile = defineEnum(
  [
    'CL_PE_ALLOCATION_PROFILE_V1',
    'CL_PE_ALLOCATION_PROFILE_V2',
    'HARD_COLLECTION_PROFILE_V1',
    'IL_SE_ALLOCATION_PROFILE',
    'LOAN_ALLOCATION_PROFILE_V1',
    'LOAN_ALLOCATION_PROFILE_V2',
    'LOAN_ALLOCATION_PROFILE_V3',
    'OTHER_PROFILE_V1',
    'OTHER_PROFILE_V2',
  ],
  {
    CL_PE_ALLOCATION_PROFILE_V1: 'Spotřebitelský úvěr – fyzická osoba, verze 1',
    CL_PE_ALLOCATION_PROFILE_V2: 'Spotřebitelský úvěr – fyzická osoba, verze 2',
    HARD_COLLECTION_PROFILE_V1: 'Vymáhání, verze 1',
    IL_SE_ALLOCATION_PROFILE: 'Podnikatelský úvěr – OSVČ',
    LOAN_ALLOCATION_PROFILE_V1: 'Úvěr, verze 1',
    LOAN_ALLOCATION_PROFILE_V2: 'Úvěr, verze 2',
    LOAN_ALLOCATION_PROFILE_V3: 'Úvěr, verze 3',
    OTHER_PROFILE_V1: 'Ostatní, verze 1',
    OTHER_PROFILE_V2: 'Ostatní, verze 2',
  },
);
export type AllocationProfile = EnumValue<typeof AllocationProfile>;

export const NoticeDisablingSetting = defineEnum(
  ['DISABLE_BLOCKAGE_AGREEMENT_NOTICE', 'DISABLE_NON_PAYING_NOTICE', 'DISABLE_NOTARIAL_DEED_NOTICE'],
  {
    DISABLE_BLOCKAGE_AGREEMENT_NOTICE: 'Vypnout výzvy k blokační smlouvě',
    DISABLE_NON_PAYING_NOTICE: 'Vypnout upomínky za neplacení',
    DISABLE_NOTARIAL_DEED_NOTICE: 'Vypnout výzvy k notářskému zápisu',
  },
);
export type NoticeDisablingSetting = EnumValue<typeof NoticeDisablingSetting>;

export const PersonRole = defineEnum(
  [
    'ACCESSORY_DEBTOR',
    'ASSIGNEE',
    'ASSIGNOR',
    'BORROWER',
    'BUYER',
    'CREDITOR',
    'DEBTOR',
    'FUTURE_BUYER',
    'FUTURE_SELLER',
    'LANDLORD',
    'LEGAL_SUCCESSOR_CREDITOR',
    'LEGAL_SUCCESSOR_DEBTOR',
    'LENDER',
    'MEDIATOR',
    'MORTGAGOR',
    'PLEDGER',
    'SELLER',
    'SUBTENANT',
    'TENANT',
  ],
  {
    ACCESSORY_DEBTOR: 'Přistupující dlužník',
    ASSIGNEE: 'Postupník',
    ASSIGNOR: 'Postupitel',
    BORROWER: 'Vydlužitel',
    BUYER: 'Kupující',
    CREDITOR: 'Věřitel',
    DEBTOR: 'Dlužník',
    FUTURE_BUYER: 'Budoucí kupující',
    FUTURE_SELLER: 'Budoucí prodávající',
    LANDLORD: 'Pronajímatel',
    LEGAL_SUCCESSOR_CREDITOR: 'Právní nástupce věřitele',
    LEGAL_SUCCESSOR_DEBTOR: 'Právní nástupce dlužníka',
    LENDER: 'Zapůjčitel',
    MEDIATOR: 'Zprostředkovatel',
    MORTGAGOR: 'Zástavce nemovitosti',
    PLEDGER: 'Zástavce',
    SELLER: 'Prodávající',
    SUBTENANT: 'Podnájemce',
    TENANT: 'Nájemce',
  },
);
export type PersonRole = EnumValue<typeof PersonRole>;

// ---------------------------------------------------------------------------------------------
// Lead form (portal)
// ---------------------------------------------------------------------------------------------

/** The applicant's choice on the Crossroad: 'Nepodnikám' or 'Podnikám'. */
export const FormType = defineEnum(['CONSUMER_LOAN', 'INVESTMENT_LOAN'], {
  CONSUMER_LOAN: 'Spotřebitelský úvěr (nepodnikám)',
  INVESTMENT_LOAN: 'Podnikatelský úvěr (podnikám)',
});
export type FormType = EnumValue<typeof FormType>;

/** The last completed step of the form; a form without a state has not started. */
export const FormState = defineEnum(['BASIC_DEAL_INFO', 'PERSON_INFO', 'COLLATERAL_INFO', 'CLOSED'], {
  BASIC_DEAL_INFO: 'Vyplněna výše úvěru',
  PERSON_INFO: 'Vyplněny osobní údaje',
  COLLATERAL_INFO: 'Vyplněno zajištění',
  CLOSED: 'Uzavřená',
});
export type FormState = EnumValue<typeof FormState>;

export const DetailQuestionType = defineEnum(
  ['EVALUATE_REQUISITION_STATUS', 'SAVE_APPLICATION_OFFER', 'SAVE_IRREGULAR_PAYMENT_OFFER', 'CREATE_DEBTORS'],
  {
    EVALUATE_REQUISITION_STATUS: 'Vyhodnocení stavu žádosti',
    SAVE_APPLICATION_OFFER: 'Přijetí nabídky',
    SAVE_IRREGULAR_PAYMENT_OFFER: 'Přijetí nabídky s nepravidelnými splátkami',
    CREATE_DEBTORS: 'Přidání spoludlužníků',
  },
);
export type DetailQuestionType = EnumValue<typeof DetailQuestionType>;

export const AddressSuggestionValue = defineEnum(
  ['CITY', 'DISTRICT', 'NUMBER', 'REGION', 'STREET', 'STREET_AND_NUMBER', 'WHOLE_ADDRESS', 'ZIP'],
  {
    CITY: 'Obec',
    DISTRICT: 'Okres',
    NUMBER: 'Číslo domu',
    REGION: 'Kraj',
    STREET: 'Ulice',
    STREET_AND_NUMBER: 'Ulice a číslo domu',
    WHOLE_ADDRESS: 'Celá adresa',
    ZIP: 'PSČ',
  },
);
export type AddressSuggestionValue = EnumValue<typeof AddressSuggestionValue>;

/** Upload sections of the Documents screen. */
export const DocumentCategory = defineEnum(
  ['BANK_STATEMENT', 'EMPLOYER_CONFIRMATION', 'PAY_SLIP', 'TAX_RETURN', 'ACCOUNTS_CLOSING', 'PROPERTY_PHOTO', 'OTHER'],
  {
    BANK_STATEMENT: 'Bankovní výpis',
    EMPLOYER_CONFIRMATION: 'Potvrzení o příjmu od zaměstnavatele',
    PAY_SLIP: 'Výplatní páska',
    TAX_RETURN: 'Daňové přiznání',
    ACCOUNTS_CLOSING: 'Účetní závěrka',
    PROPERTY_PHOTO: 'Fotografie nemovitosti',
    OTHER: 'Ostatní dokument',
  },
);
export type DocumentCategory = EnumValue<typeof DocumentCategory>;

export const BankConnectionState = defineEnum(['PENDING', 'CONNECTED', 'FAILED', 'EXPIRED'], {
  PENDING: 'Čeká na napojení',
  CONNECTED: 'Napojeno',
  FAILED: 'Napojení selhalo',
  EXPIRED: 'Platnost napojení vypršela',
});
export type BankConnectionState = EnumValue<typeof BankConnectionState>;

// ---------------------------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------------------------

/** Partner values equal ApiKeyOwner's, so a partner push records its key's owner. */
export const LeadSource = defineEnum(
  ['PORTAL', 'BACKOFFICE', 'BEZVA_FINANCE', 'LEADSOR', 'SEVEN_FINANCE', 'VOLSOR'],
  {
    PORTAL: 'Online žádost',
    BACKOFFICE: 'Založeno v back-office',
    BEZVA_FINANCE: 'Bezva Finance',
    LEADSOR: 'Leadsor',
    SEVEN_FINANCE: 'Seven Finance',
    VOLSOR: 'Volsor',
  },
);
export type LeadSource = EnumValue<typeof LeadSource>;

export const LeadState = defineEnum(
  ['NEW', 'IN_PROGRESS', 'OFFER_SENT', 'OFFER_ACCEPTED', 'CONVERTED', 'CLOSED'],
  {
    NEW: 'Nový',
    IN_PROGRESS: 'V řešení',
    OFFER_SENT: 'Nabídka odeslána',
    OFFER_ACCEPTED: 'Nabídka přijata',
    CONVERTED: 'Převeden na obchod',
    CLOSED: 'Uzavřený',
  },
);
export type LeadState = EnumValue<typeof LeadState>;

export const OfferKind = defineEnum(['REGULAR', 'IRREGULAR'], {
  REGULAR: 'Pravidelné splátky',
  IRREGULAR: 'Nepravidelné splátky',
});
export type OfferKind = EnumValue<typeof OfferKind>;

export const IncomeExpenseKind = defineEnum(['INCOME', 'EXPENSE'], {
  INCOME: 'Příjem',
  EXPENSE: 'Výdaj',
});
export type IncomeExpenseKind = EnumValue<typeof IncomeExpenseKind>;

export const IncomeExpenseCategory = defineEnum(
  [
    'SALARY',
    'BUSINESS_INCOME',
    'PENSION',
    'SOCIAL_BENEFIT',
    'RENTAL_INCOME',
    'MAINTENANCE',
    'HOUSING',
    'UTILITIES',
    'FOOD',
    'TRANSPORT',
    'LOAN_REPAYMENT',
    'INSURANCE',
    'CHILDREN',
    'OTHER',
  ],
  {
    SALARY: 'Mzda',
    BUSINESS_INCOME: 'Příjem z podnikání',
    PENSION: 'Důchod',
    SOCIAL_BENEFIT: 'Sociální dávky',
    RENTAL_INCOME: 'Příjem z pronájmu',
    MAINTENANCE: 'Výživné',
    HOUSING: 'Bydlení',
    UTILITIES: 'Energie a služby',
    FOOD: 'Strava',
    TRANSPORT: 'Doprava',
    LOAN_REPAYMENT: 'Splátky úvěrů',
    INSURANCE: 'Pojištění',
    CHILDREN: 'Děti',
    OTHER: 'Ostatní',
  },
);
export type IncomeExpenseCategory = EnumValue<typeof IncomeExpenseCategory>;

export const DebtType = defineEnum(
  [
    'BANK_LOAN',
    'NON_BANK_LOAN',
    'MORTGAGE',
    'CREDIT_CARD',
    'OVERDRAFT',
    'LEASING',
    'EXECUTION',
    'PUBLIC_DEBT',
    'OTHER',
  ],
  {
    BANK_LOAN: 'Bankovní úvěr',
    NON_BANK_LOAN: 'Nebankovní půjčka',
    MORTGAGE: 'Hypotéka',
    CREDIT_CARD: 'Kreditní karta',
    OVERDRAFT: 'Kontokorent',
    LEASING: 'Leasing',
    EXECUTION: 'Exekuce',
    PUBLIC_DEBT: 'Dluh na daních nebo pojistném',
    OTHER: 'Jiný dluh',
  },
);
export type DebtType = EnumValue<typeof DebtType>;

export const CallOutcome = defineEnum(
  ['REACHED', 'NOT_REACHED', 'CALL_BACK', 'WRONG_NUMBER', 'NOT_INTERESTED'],
  {
    REACHED: 'Dovoláno',
    NOT_REACHED: 'Nedovoláno',
    CALL_BACK: 'Zavolat později',
    WRONG_NUMBER: 'Chybné číslo',
    NOT_INTERESTED: 'Nemá zájem',
  },
);
export type CallOutcome = EnumValue<typeof CallOutcome>;

// ---------------------------------------------------------------------------------------------
// Claims, obligations, notices
// ---------------------------------------------------------------------------------------------

export const ClaimType = defineEnum(
  [
    'PRINCIPAL',
    'INTEREST',
    'PENALTY_INTEREST',
    'CONTRACTUAL_PENALTY',
    'FEE',
    'RENT',
    'SERVICE_ADVANCE',
    'DEPOSIT',
    'PURCHASE_PRICE',
    'COST_OF_RECOVERY',
    'INSURANCE',
    'OTHER',
  ],
  {
    PRINCIPAL: 'Jistina',
    INTEREST: 'Úrok',
    PENALTY_INTEREST: 'Úrok z prodlení',
    CONTRACTUAL_PENALTY: 'Smluvní pokuta',
    FEE: 'Poplatek',
    RENT: 'Nájemné',
    SERVICE_ADVANCE: 'Záloha na služby',
    DEPOSIT: 'Kauce',
    PURCHASE_PRICE: 'Kupní cena',
    COST_OF_RECOVERY: 'Náklady vymáhání',
    INSURANCE: 'Pojištění',
    OTHER: 'Ostatní',
  },
);
export type ClaimType = EnumValue<typeof ClaimType>;

export const ClaimsGroupKind = defineEnum(['REGULAR', 'LEASE', 'LEASEBACK'], {
  REGULAR: 'Splátka',
  LEASE: 'Nájemné za období',
  LEASEBACK: 'Zpětný nájem a odkup',
});
export type ClaimsGroupKind = EnumValue<typeof ClaimsGroupKind>;

/** A deal model's version: being prepared, in force, or replaced by a later one. */
export const DealModelState = defineEnum(['DRAFT', 'ACTIVE', 'SUPERSEDED'], {
  DRAFT: 'Návrh',
  ACTIVE: 'Platná',
  SUPERSEDED: 'Nahrazená',
});
export type DealModelState = EnumValue<typeof DealModelState>;

export const InstallmentType = defineEnum(['ANNUITY', 'LINEAR', 'BULLET'], {
  ANNUITY: 'Anuitní',
  LINEAR: 'Lineární',
  BULLET: 'Jednorázové splacení jistiny',
});
export type InstallmentType = EnumValue<typeof InstallmentType>;

/** What the debtor must deliver; an undelivered one past due is the breach UNDELIVERED_<type>. */
export const ObligationType = defineEnum(
  [
    'BLOCKAGE_AGREEMENT',
    'INCOME_TAX_EVIDENCE',
    'NOTARIAL_DEED',
    'OTHER',
    'OTHER_DOCUMENTS',
    'PLEDGE_RIGHT',
    'THIRD_PARTY_EVIDENCE',
  ],
  {
    BLOCKAGE_AGREEMENT: 'Blokační smlouva',
    INCOME_TAX_EVIDENCE: 'Potvrzení o dani z příjmů',
    NOTARIAL_DEED: 'Notářský zápis',
    OTHER: 'Ostatní',
    OTHER_DOCUMENTS: 'Ostatní dokumenty',
    PLEDGE_RIGHT: 'Zástavní právo',
    THIRD_PARTY_EVIDENCE: 'Potvrzení třetí strany',
  },
);
export type ObligationType = EnumValue<typeof ObligationType>;

export const EnforceableTitleType = defineEnum(
  ['NOTARIAL_DEED', 'COURT_DECISION', 'PAYMENT_ORDER', 'ARBITRATION_AWARD', 'OTHER'],
  {
    NOTARIAL_DEED: 'Notářský zápis se svolením k vykonatelnosti',
    COURT_DECISION: 'Soudní rozhodnutí',
    PAYMENT_ORDER: 'Platební rozkaz',
    ARBITRATION_AWARD: 'Rozhodčí nález',
    OTHER: 'Jiný exekuční titul',
  },
);
export type EnforceableTitleType = EnumValue<typeof EnforceableTitleType>;

export const NoticeType = defineEnum(
  [
    'PAYMENT_REMINDER',
    'NON_PAYING',
    'BLOCKAGE_AGREEMENT',
    'NOTARIAL_DEED',
    'UNDELIVERED_DOCUMENTS',
    'ACCELERATION',
    'OTHER',
  ],
  {
    PAYMENT_REMINDER: 'Upomínka',
    NON_PAYING: 'Výzva k úhradě dlužné částky',
    BLOCKAGE_AGREEMENT: 'Výzva k dodání blokační smlouvy',
    NOTARIAL_DEED: 'Výzva k sepsání notářského zápisu',
    UNDELIVERED_DOCUMENTS: 'Výzva k dodání dokumentů',
    ACCELERATION: 'Oznámení o zesplatnění',
    OTHER: 'Jiné oznámení',
  },
);
export type NoticeType = EnumValue<typeof NoticeType>;

export const NoticeState = defineEnum(['PREPARED', 'SENT', 'FAILED', 'CANCELLED'], {
  PREPARED: 'Připraveno k odeslání',
  SENT: 'Odesláno',
  FAILED: 'Odeslání selhalo',
  CANCELLED: 'Zrušeno',
});
export type NoticeState = EnumValue<typeof NoticeState>;

export const NotificationChannel = defineEnum(['EMAIL', 'MAIL', 'SLACK', 'SMS'], {
  EMAIL: 'E-mail',
  MAIL: 'Pošta',
  SLACK: 'Slack',
  SMS: 'SMS',
});
export type NotificationChannel = EnumValue<typeof NotificationChannel>;

/** State of an outbox message; SANDBOX: written while no mail server was configured, never sent. */
export const NotificationState = defineEnum(['PENDING', 'SENT', 'FAILED', 'SANDBOX'], {
  PENDING: 'Čeká na odeslání',
  SENT: 'Odesláno',
  FAILED: 'Nepodařilo se odeslat',
  SANDBOX: 'Neodesláno – sandbox',
});
export type NotificationState = EnumValue<typeof NotificationState>;

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

export const PaymentPurposeType = defineEnum(
  [
    'APPLICANT_BANK_ACCOUNT',
    'APPLICANT_BANK_ACCOUNT_DEBT',
    'APPLICANT_BANK_ACCOUNT_REFUND',
    'BILLING_SERVICES',
    'COMMISSION',
    'CREDITOR_DEBT',
    'DEAL_REFINANCING',
    'EXECUTION',
    'LIABILITY_PAYMENT',
    'MOVED_TO_THIRD_PARTY',
    'OVERPAID_RENT',
    'PAYMENT_OF_FORECLOSURES',
    'TO_SELLING_BANK_ACCOUNT',
  ],
  {
    APPLICANT_BANK_ACCOUNT: 'Výplata na účet žadatele',
    APPLICANT_BANK_ACCOUNT_DEBT: 'Na účet žadatele k úhradě dluhu',
    APPLICANT_BANK_ACCOUNT_REFUND: 'Vratka na účet žadatele',
    BILLING_SERVICES: 'Vyúčtování služeb',
    COMMISSION: 'Provize',
    CREDITOR_DEBT: 'Úhrada dluhu věřiteli',
    DEAL_REFINANCING: 'Refinancování úvěru',
    EXECUTION: 'Úhrada exekuce',
    LIABILITY_PAYMENT: 'Úhrada závazku',
    MOVED_TO_THIRD_PARTY: 'Postoupení třetí straně',
    OVERPAID_RENT: 'Vrácení přeplatku nájemného',
    PAYMENT_OF_FORECLOSURES: 'Vyplacení zástavních práv',
    TO_SELLING_BANK_ACCOUNT: 'Na účet prodávajícího',
  },
);
export type PaymentPurposeType = EnumValue<typeof PaymentPurposeType>;

export const PaymentDirection = defineEnum(['INCOMING_PAYMENT', 'OUTGOING_PAYMENT'], {
  INCOMING_PAYMENT: 'Příchozí platba',
  OUTGOING_PAYMENT: 'Odchozí platba',
});
export type PaymentDirection = EnumValue<typeof PaymentDirection>;

export const PaymentCategory = defineEnum(
  [
    'BOND_JAMES',
    'HARD_COLLECTION',
    'INTEREST_PAYMENT_REFUND',
    'INTERNAL_BORROWING',
    'INTERNAL_INSTALLMENT',
    'INVESTOR_LOAN',
    'INVOICES',
    'MEDIATION_COMMISSION',
    'OPERATION_PAYMENTS',
    'OTHERS',
    'PURPOSE',
    'SUBLEASE_DEPOSIT',
    'TAX_OFFICE',
    'TRANSFER_INTERNAL_ACCOUNTS',
    'UNCATEGORIZED',
    'YIELD',
  ],
  {
    BOND_JAMES: 'Dluhopisy James Bond',
    HARD_COLLECTION: 'Vymáhání',
    INTEREST_PAYMENT_REFUND: 'Vrácení úroků',
    INTERNAL_BORROWING: 'Interní zápůjčka',
    INTERNAL_INSTALLMENT: 'Interní splátka',
    INVESTOR_LOAN: 'Zápůjčka od investora',
    INVOICES: 'Faktury',
    MEDIATION_COMMISSION: 'Provize za zprostředkování',
    OPERATION_PAYMENTS: 'Provozní platby',
    OTHERS: 'Ostatní',
    PURPOSE: 'Čerpání účelu',
    SUBLEASE_DEPOSIT: 'Kauce za podnájem',
    TAX_OFFICE: 'Finanční úřad',
    TRANSFER_INTERNAL_ACCOUNTS: 'Převod mezi vlastními účty',
    UNCATEGORIZED: 'Nezařazeno',
    YIELD: 'Výnos',
  },
);
export type PaymentCategory = EnumValue<typeof PaymentCategory>;

export const PaymentType = defineEnum(
  ['BANK_TRANSFER', 'CASH', 'POSTAL_ORDER', 'CARD', 'SET_OFF', 'ENFORCEMENT', 'INSOLVENCY'],
  {
    BANK_TRANSFER: 'Bankovní převod',
    CASH: 'Hotovost',
    POSTAL_ORDER: 'Poštovní poukázka',
    CARD: 'Platba kartou',
    SET_OFF: 'Zápočet',
    ENFORCEMENT: 'Platba z exekuce',
    INSOLVENCY: 'Plnění z insolvence',
  },
);
export type PaymentType = EnumValue<typeof PaymentType>;

// ---------------------------------------------------------------------------------------------
// Persons and screenings
// ---------------------------------------------------------------------------------------------

export const IdentificationType = defineEnum(['BIRTH_NUMBER', 'ICO'], {
  BIRTH_NUMBER: 'Rodné číslo',
  ICO: 'IČO',
});
export type IdentificationType = EnumValue<typeof IdentificationType>;

export const AddressType = defineEnum(['PERMANENT', 'CONTACT', 'REGISTERED'], {
  PERMANENT: 'Trvalé bydliště',
  CONTACT: 'Kontaktní adresa',
  REGISTERED: 'Sídlo',
});
export type AddressType = EnumValue<typeof AddressType>;

export const ContactType = defineEnum(['EMAIL', 'PHONE'], {
  EMAIL: 'E-mail',
  PHONE: 'Telefon',
});
export type ContactType = EnumValue<typeof ContactType>;

export const DistraintState = defineEnum(['ACTIVE', 'SUSPENDED', 'FINISHED'], {
  ACTIVE: 'Probíhající',
  SUSPENDED: 'Odložená',
  FINISHED: 'Ukončená',
});
export type DistraintState = EnumValue<typeof DistraintState>;

export const ScreeningType = defineEnum(
  [
    'ISIR_INSOLVENCY',
    'ISPIS_CEE',
    'ISPIS_OBCHR',
    'ISPIS_OSOBACUZK',
    'ISPIS_RZP',
    'MVCR_IDENTITY_CARD',
    'RZP',
    'SOKORDIA_BANK_STATEMENT_PDF',
    'TRANSACTION_SCORING',
    'ZOBI_OSOBACUZK',
  ],
  {
    ISIR_INSOLVENCY: 'Insolvenční rejstřík (ISIR)',
    ISPIS_CEE: 'Centrální evidence exekucí (ISPIS)',
    ISPIS_OBCHR: 'Obchodní rejstřík (ISPIS)',
    ISPIS_OSOBACUZK: 'Nemovitosti osoby v katastru (ISPIS)',
    ISPIS_RZP: 'Živnostenský rejstřík (ISPIS)',
    MVCR_IDENTITY_CARD: 'Ověření občanského průkazu (MV ČR)',
    RZP: 'Živnostenský rejstřík (RŽP)',
    SOKORDIA_BANK_STATEMENT_PDF: 'Analýza bankovních výpisů (Sokordia)',
    TRANSACTION_SCORING: 'Transakční scoring',
    ZOBI_OSOBACUZK: 'Nemovitosti osoby v katastru (ZOBI)',
  },
);
export type ScreeningType = EnumValue<typeof ScreeningType>;

/** Life cycle of asynchronous work: screenings, credit evaluations, reports, batches. */
export const ProcessingState = defineEnum(['PENDING', 'IN_PROGRESS', 'FINISHED', 'FAILED'], {
  PENDING: 'Čeká na zpracování',
  IN_PROGRESS: 'Zpracovává se',
  FINISHED: 'Dokončeno',
  FAILED: 'Chyba',
});
export type ProcessingState = EnumValue<typeof ProcessingState>;

/** Stages of an insolvency proceeding as the insolvency register (ISIR) reports them. */
export const IsirCaseState = defineEnum(
  [
    'PENDING',
    'MORATORIUM',
    'BANKRUPTCY_DECLARED',
    'LIQUIDATION',
    'REORGANIZATION',
    'DEBT_RELIEF',
    'RESOLVED',
    'FINAL',
    'ARCHIVED',
  ],
  {
    PENDING: 'Nevyřízená',
    MORATORIUM: 'Moratorium',
    BANKRUPTCY_DECLARED: 'Úpadek',
    LIQUIDATION: 'Konkurs',
    REORGANIZATION: 'Reorganizace',
    DEBT_RELIEF: 'Oddlužení',
    RESOLVED: 'Vyřízená',
    FINAL: 'Pravomocně skončená',
    ARCHIVED: 'Odškrtnutá',
  },
);
export type IsirCaseState = EnumValue<typeof IsirCaseState>;

// ---------------------------------------------------------------------------------------------
// Realties
// ---------------------------------------------------------------------------------------------

export const RealtyType = defineEnum(['FLAT', 'FAMILY_HOUSE', 'LAND', 'OTHER'], {
  FLAT: 'Byt',
  FAMILY_HOUSE: 'Rodinný dům',
  LAND: 'Pozemek',
  OTHER: 'Jiná nemovitost',
});
export type RealtyType = EnumValue<typeof RealtyType>;

export const RealtyRightType = defineEnum(
  [
    'OWNERSHIP',
    'JOINT_MARITAL_OWNERSHIP',
    'PLEDGE',
    'EASEMENT',
    'PRE_EMPTION',
    'ALIENATION_BAN',
    'EXECUTION_ORDER',
    'OTHER',
  ],
  {
    OWNERSHIP: 'Vlastnické právo',
    JOINT_MARITAL_OWNERSHIP: 'Společné jmění manželů',
    PLEDGE: 'Zástavní právo',
    EASEMENT: 'Věcné břemeno',
    PRE_EMPTION: 'Předkupní právo',
    ALIENATION_BAN: 'Zákaz zcizení nebo zatížení',
    EXECUTION_ORDER: 'Exekuční příkaz',
    OTHER: 'Jiné právo',
  },
);
export type RealtyRightType = EnumValue<typeof RealtyRightType>;

export const PurchasedPropertyState = defineEnum(['ACQUISITION', 'OWNERSHIP', 'SOLD'], {
  ACQUISITION: 'Probíhá nabytí',
  OWNERSHIP: 'Ve vlastnictví',
  SOLD: 'Prodáno',
});
export type PurchasedPropertyState = EnumValue<typeof PurchasedPropertyState>;

// ---------------------------------------------------------------------------------------------
// Reporting, webhooks
// ---------------------------------------------------------------------------------------------

export const ReportType = defineEnum(
  ['CLAIMS_REPORT', 'DEALS_STATES_REPORT', 'PAYMENTS_REPORT', 'PAYMENT_ALLOCATIONS_REPORT'],
  {
    CLAIMS_REPORT: 'Přehled pohledávek',
    DEALS_STATES_REPORT: 'Přehled stavů obchodů',
    PAYMENTS_REPORT: 'Přehled plateb',
    PAYMENT_ALLOCATIONS_REPORT: 'Přehled rozpadu plateb na pohledávky',
  },
);
export type ReportType = EnumValue<typeof ReportType>;

/** A generated file's progress: reports and credit-register batches (docs/decisions/0049). */
export const ReportState = defineEnum(['QUEUED', 'RUNNING', 'DONE', 'FAILED'], {
  QUEUED: 'Čeká ve frontě',
  RUNNING: 'Připravuje se',
  DONE: 'Hotovo',
  FAILED: 'Chyba',
});
export type ReportState = EnumValue<typeof ReportState>;

export const WebhookSource = defineEnum(['PIPEDRIVE'], {
  PIPEDRIVE: 'Pipedrive',
});
export type WebhookSource = EnumValue<typeof WebhookSource>;

// ---------------------------------------------------------------------------------------------
// Platform
// ---------------------------------------------------------------------------------------------

export const StaffRole = defineEnum(['ADMIN', 'UNDERWRITER', 'COLLECTIONS', 'ACCOUNTANT', 'VIEWER'], {
  ADMIN: 'Administrátor',
  UNDERWRITER: 'Schvalovatel úvěrů',
  COLLECTIONS: 'Vymáhání',
  ACCOUNTANT: 'Účetní',
  VIEWER: 'Pouze pro čtení',
});
export type StaffRole = EnumValue<typeof StaffRole>;

export const ApiKeyOwner = defineEnum(['BEZVA_FINANCE', 'LEADSOR', 'SEVEN_FINANCE', 'VOLSOR', 'MONITORING'], {
  BEZVA_FINANCE: 'Bezva Finance',
  LEADSOR: 'Leadsor',
  SEVEN_FINANCE: 'Seven Finance',
  VOLSOR: 'Volsor',
  MONITORING: 'Monitoring',
});
export type ApiKeyOwner = EnumValue<typeof ApiKeyOwner>;

// ---------------------------------------------------------------------------------------------
// Not stored in the database
// ---------------------------------------------------------------------------------------------

/** Who did something, as AuditLog.actorType records it (a plain column there). */
export const AuditActorType = defineEnum(['STAFF', 'API_KEY', 'SYSTEM', 'APPLICANT'], {
  STAFF: 'Zaměstnanec',
  API_KEY: 'Partner (API klíč)',
  SYSTEM: 'Systém',
  APPLICANT: 'Žadatel',
});
export type AuditActorType = EnumValue<typeof AuditActorType>;

/** Countries whose phone numbers the portal accepts; CZ is the default. */
export const PhoneCountry = defineEnum(['CZ', 'SK'], {
  CZ: 'Česko (+420)',
  SK: 'Slovensko (+421)',
});
export type PhoneCountry = EnumValue<typeof PhoneCountry>;

// ---------------------------------------------------------------------------------------------
// Registries
// ---------------------------------------------------------------------------------------------

/** Every enum that prisma/schema.prisma declares under the same name, with the same values. */
export const prismaEnums = {
  DealState,
  DealClosedReason,
  DealType,
  LeadFormDealType,
  FormType,
  FormState,
  ClaimsStatementState,
  BreachType,
  AllocationProfile,
  PaymentPurposeType,
  PaymentDirection,
  PaymentCategory,
  NoticeDisablingSetting,
  NotificationChannel,
  PersonRole,
  IdentificationType,
  ScreeningType,
  PurchasedPropertyState,
  ReportType,
  ReportState,
  DetailQuestionType,
  AddressSuggestionValue,
  LeadSource,
  LeadState,
  AddressType,
  ContactType,
  ProcessingState,
  DistraintState,
  RealtyType,
  RealtyRightType,
  DocumentCategory,
  BankConnectionState,
  OfferKind,
  IncomeExpenseKind,
  IncomeExpenseCategory,
  DebtType,
  CallOutcome,
  ClaimType,
  ClaimsGroupKind,
  DealModelState,
  InstallmentType,
  ObligationType,
  EnforceableTitleType,
  NoticeType,
  NoticeState,
  NotificationState,
  PaymentType,
  IsirCaseState,
  WebhookSource,
  StaffRole,
  ApiKeyOwner,
} as const;

/** Enums that live only in the contracts (the database keeps them as plain text or not at all). */
export const contractOnlyEnums = {
  AuditActorType,
  PhoneCountry,
} as const;
