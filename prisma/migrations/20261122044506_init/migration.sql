-- CreateEnum
CREATE TYPE "DealState" AS ENUM ('ACTIVE', 'CLOSED', 'CLOSED_APPLICATION', 'CONTRACT_COMPLETION', 'CONTRACT_SIGN', 'FILED_FOR_INSOLVENCY', 'NEW_APPLICATION');

-- CreateEnum
CREATE TYPE "DealClosedReason" AS ENUM ('CHANGE_PRODUCT_TYPE', 'CLOSED_AFTER_INSOLVENCY', 'CLOSED_AFTER_LIQUIDATION', 'CLOSED_DEAL_WRITE_OFF', 'CLOSED_DEBTOR_DEATH_NO_SUCCESOR', 'CLOSED_DULY', 'CLOSED_ENFORCEMENT', 'CLOSED_LEASE_FINISHED', 'CLOSED_LEASE_FORCED_EVICTION', 'CLOSED_MOVED_TO_HC', 'CLOSED_MOVED_TO_THIRD_PARTY', 'CLOSED_PREMATURELY', 'CLOSED_PROPERTY_NOT_PURCHASED', 'CLOSED_PROPERTY_PURCHASED', 'CLOSED_PROPERTY_SOLD', 'CLOSED_REFINANCED', 'OTHER');

-- CreateEnum
CREATE TYPE "DealType" AS ENUM ('BORROWING', 'CONSUMER_LOAN', 'HARD_COLLECTION', 'INVESTMENT_LOAN', 'INVESTMENT_LOAN_V15', 'INVESTMENT_LOAN_V151', 'INVESTMENT_LOAN_V2', 'LEASE', 'LEASING', 'OTHER_DEAL', 'SALE', 'SALE_AND_LEASEBACK');

-- CreateEnum
CREATE TYPE "LeadFormDealType" AS ENUM ('CONSUMER_LOAN', 'INVESTMENT_LOAN_V15', 'CONSUMER_LOAN_LEAD_FORM', 'UNI_LOAN_LEAD_FORM');

-- CreateEnum
CREATE TYPE "FormType" AS ENUM ('CONSUMER_LOAN', 'INVESTMENT_LOAN');

-- CreateEnum
CREATE TYPE "FormState" AS ENUM ('BASIC_DEAL_INFO', 'PERSON_INFO', 'COLLATERAL_INFO', 'CLOSED');

-- CreateEnum
CREATE TYPE "ClaimsStatementState" AS ENUM ('DRAFT', 'IN_PROGRESS', 'NOT_VALID', 'SAVED');

-- CreateEnum
CREATE TYPE "BreachType" AS ENUM ('NON_PAYING', 'UNDELIVERED_BLOCKAGE_AGREEMENT', 'UNDELIVERED_INCOME_TAX_EVIDENCE', 'UNDELIVERED_NOTARIAL_DEED', 'UNDELIVERED_OTHER', 'UNDELIVERED_OTHER_DOCUMENTS', 'UNDELIVERED_PLEDGE_RIGHT', 'UNDELIVERED_THIRD_PARTY_EVIDENCE');

-- CreateEnum
CREATE TYPE "AllocationProfile" AS ENUM ('CL_PE_ALLOCATION_PROFILE_V1', 'CL_PE_ALLOCATION_PROFILE_V2', 'HARD_COLLECTION_PROFILE_V1', 'IL_SE_ALLOCATION_PROFILE', 'LOAN_ALLOCATION_PROFILE_V1', 'LOAN_ALLOCATION_PROFILE_V2', 'LOAN_ALLOCATION_PROFILE_V3', 'OTHER_PROFILE_V1', 'OTHER_PROFILE_V2');

-- CreateEnum
CREATE TYPE "PaymentPurposeType" AS ENUM ('APPLICANT_BANK_ACCOUNT', 'APPLICANT_BANK_ACCOUNT_DEBT', 'APPLICANT_BANK_ACCOUNT_REFUND', 'BILLING_SERVICES', 'COMMISSION', 'CREDITOR_DEBT', 'DEAL_REFINANCING', 'EXECUTION', 'LIABILITY_PAYMENT', 'MOVED_TO_THIRD_PARTY', 'OVERPAID_RENT', 'PAYMENT_OF_FORECLOSURES', 'TO_SELLING_BANK_ACCOUNT');

-- CreateEnum
CREATE TYPE "PaymentDirection" AS ENUM ('INCOMING_PAYMENT', 'OUTGOING_PAYMENT');

-- CreateEnum
CREATE TYPE "PaymentCategory" AS ENUM ('BOND_JAMES', 'HARD_COLLECTION', 'INTEREST_PAYMENT_REFUND', 'INTERNAL_BORROWING', 'INTERNAL_INSTALLMENT', 'INVESTOR_LOAN', 'INVOICES', 'MEDIATION_COMMISSION', 'OPERATION_PAYMENTS', 'OTHERS', 'PURPOSE', 'SUBLEASE_DEPOSIT', 'TAX_OFFICE', 'TRANSFER_INTERNAL_ACCOUNTS', 'UNCATEGORIZED', 'YIELD');

-- CreateEnum
CREATE TYPE "NoticeDisablingSetting" AS ENUM ('DISABLE_BLOCKAGE_AGREEMENT_NOTICE', 'DISABLE_NON_PAYING_NOTICE', 'DISABLE_NOTARIAL_DEED_NOTICE');

-- CreateEnum
CREATE TYPE "NotificationChannel" AS ENUM ('EMAIL', 'MAIL', 'SLACK', 'SMS');

-- CreateEnum
CREATE TYPE "PersonRole" AS ENUM ('ACCESSORY_DEBTOR', 'ASSIGNEE', 'ASSIGNOR', 'BORROWER', 'BUYER', 'CREDITOR', 'DEBTOR', 'FUTURE_BUYER', 'FUTURE_SELLER', 'LANDLORD', 'LEGAL_SUCCESSOR_CREDITOR', 'LEGAL_SUCCESSOR_DEBTOR', 'LENDER', 'MEDIATOR', 'MORTGAGOR', 'PLEDGER', 'SELLER', 'SUBTENANT', 'TENANT');

-- CreateEnum
CREATE TYPE "IdentificationType" AS ENUM ('BIRTH_NUMBER', 'ICO');

-- CreateEnum
CREATE TYPE "ScreeningType" AS ENUM ('ISIR_INSOLVENCY', 'ISPIS_CEE', 'ISPIS_OBCHR', 'ISPIS_OSOBACUZK', 'ISPIS_RZP', 'MVCR_IDENTITY_CARD', 'RZP', 'SOKORDIA_BANK_STATEMENT_PDF', 'TRANSACTION_SCORING', 'ZOBI_OSOBACUZK');

-- CreateEnum
CREATE TYPE "PurchasedPropertyState" AS ENUM ('ACQUISITION', 'OWNERSHIP', 'SOLD');

-- CreateEnum
CREATE TYPE "ReportType" AS ENUM ('CLAIMS_REPORT', 'DEALS_STATES_REPORT', 'PAYMENTS_REPORT', 'PAYMENT_ALLOCATIONS_REPORT');

-- CreateEnum
CREATE TYPE "DetailQuestionType" AS ENUM ('EVALUATE_REQUISITION_STATUS', 'SAVE_APPLICATION_OFFER', 'SAVE_IRREGULAR_PAYMENT_OFFER', 'CREATE_DEBTORS');

-- CreateEnum
CREATE TYPE "AddressSuggestionValue" AS ENUM ('CITY', 'DISTRICT', 'NUMBER', 'REGION', 'STREET', 'STREET_AND_NUMBER', 'WHOLE_ADDRESS', 'ZIP');

-- CreateEnum
CREATE TYPE "LeadSource" AS ENUM ('PORTAL', 'BACKOFFICE', 'BEZVA_FINANCE', 'LEADSOR', 'SEVEN_FINANCE', 'VOLSOR');

-- CreateEnum
CREATE TYPE "LeadState" AS ENUM ('NEW', 'IN_PROGRESS', 'OFFER_SENT', 'OFFER_ACCEPTED', 'CONVERTED', 'CLOSED');

-- CreateEnum
CREATE TYPE "AddressType" AS ENUM ('PERMANENT', 'CONTACT', 'REGISTERED');

-- CreateEnum
CREATE TYPE "ContactType" AS ENUM ('EMAIL', 'PHONE');

-- CreateEnum
CREATE TYPE "ProcessingState" AS ENUM ('PENDING', 'IN_PROGRESS', 'FINISHED', 'FAILED');

-- CreateEnum
CREATE TYPE "DistraintState" AS ENUM ('ACTIVE', 'SUSPENDED', 'FINISHED');

-- CreateEnum
CREATE TYPE "RealtyType" AS ENUM ('FLAT', 'FAMILY_HOUSE', 'LAND', 'OTHER');

-- CreateEnum
CREATE TYPE "RealtyRightType" AS ENUM ('OWNERSHIP', 'JOINT_MARITAL_OWNERSHIP', 'PLEDGE', 'EASEMENT', 'PRE_EMPTION', 'ALIENATION_BAN', 'EXECUTION_ORDER', 'OTHER');

-- CreateEnum
CREATE TYPE "DocumentCategory" AS ENUM ('BANK_STATEMENT', 'INCOME_PROOF', 'PROPERTY_PHOTO', 'OTHER');

-- CreateEnum
CREATE TYPE "BankConnectionState" AS ENUM ('PENDING', 'CONNECTED', 'FAILED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "OfferKind" AS ENUM ('REGULAR', 'IRREGULAR');

-- CreateEnum
CREATE TYPE "IncomeExpenseKind" AS ENUM ('INCOME', 'EXPENSE');

-- CreateEnum
CREATE TYPE "IncomeExpenseCategory" AS ENUM ('SALARY', 'BUSINESS_INCOME', 'PENSION', 'SOCIAL_BENEFIT', 'RENTAL_INCOME', 'MAINTENANCE', 'HOUSING', 'UTILITIES', 'FOOD', 'TRANSPORT', 'LOAN_REPAYMENT', 'INSURANCE', 'CHILDREN', 'OTHER');

-- CreateEnum
CREATE TYPE "DebtType" AS ENUM ('BANK_LOAN', 'NON_BANK_LOAN', 'MORTGAGE', 'CREDIT_CARD', 'OVERDRAFT', 'LEASING', 'EXECUTION', 'PUBLIC_DEBT', 'OTHER');

-- CreateEnum
CREATE TYPE "CallOutcome" AS ENUM ('REACHED', 'NOT_REACHED', 'CALL_BACK', 'WRONG_NUMBER', 'NOT_INTERESTED');

-- CreateEnum
CREATE TYPE "ClaimType" AS ENUM ('PRINCIPAL', 'INTEREST', 'DEFAULT_INTEREST', 'CONTRACTUAL_PENALTY', 'FEE', 'RENT', 'SERVICE_ADVANCE', 'DEPOSIT', 'PURCHASE_PRICE', 'RECOVERY_COSTS', 'INSURANCE', 'OTHER');

-- CreateEnum
CREATE TYPE "ClaimsGroupKind" AS ENUM ('REGULAR', 'LEASE', 'LEASEBACK');

-- CreateEnum
CREATE TYPE "ObligationType" AS ENUM ('BLOCKAGE_AGREEMENT', 'INCOME_TAX_EVIDENCE', 'NOTARIAL_DEED', 'OTHER', 'OTHER_DOCUMENTS', 'PLEDGE_RIGHT', 'THIRD_PARTY_EVIDENCE');

-- CreateEnum
CREATE TYPE "EnforceableTitleType" AS ENUM ('NOTARIAL_DEED', 'COURT_DECISION', 'PAYMENT_ORDER', 'ARBITRATION_AWARD', 'OTHER');

-- CreateEnum
CREATE TYPE "NoticeType" AS ENUM ('PAYMENT_REMINDER', 'NON_PAYING', 'BLOCKAGE_AGREEMENT', 'NOTARIAL_DEED', 'UNDELIVERED_DOCUMENTS', 'ACCELERATION', 'OTHER');

-- CreateEnum
CREATE TYPE "NoticeState" AS ENUM ('PREPARED', 'SENT', 'FAILED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "NotificationState" AS ENUM ('PENDING', 'SENT', 'FAILED');

-- CreateEnum
CREATE TYPE "PaymentType" AS ENUM ('BANK_TRANSFER', 'CASH', 'POSTAL_ORDER', 'CARD', 'SET_OFF', 'ENFORCEMENT', 'INSOLVENCY');

-- CreateEnum
CREATE TYPE "IsirCaseState" AS ENUM ('PENDING', 'MORATORIUM', 'BANKRUPTCY_DECLARED', 'LIQUIDATION', 'REORGANIZATION', 'DEBT_RELIEF', 'RESOLVED', 'FINAL', 'ARCHIVED');

-- CreateEnum
CREATE TYPE "WebhookSource" AS ENUM ('PIPEDRIVE');

-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('ADMIN', 'UNDERWRITER', 'COLLECTIONS', 'ACCOUNTANT', 'VIEWER');

-- CreateEnum
CREATE TYPE "ApiKeyOwner" AS ENUM ('BEZVA_FINANCE', 'LEADSOR', 'SEVEN_FINANCE', 'VOLSOR', 'MONITORING');

-- CreateTable
CREATE TABLE "staff_users" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" "StaffRole" NOT NULL,
    "first_name" TEXT NOT NULL DEFAULT '',
    "last_name" TEXT NOT NULL DEFAULT '',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "last_login_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "staff_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_tokens" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_failures" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_failures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "owner" "ApiKeyOwner" NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT,
    "action" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entity_id" TEXT,
    "changes" JSONB,
    "request_id" TEXT,
    "ip" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "persons" (
    "id" SERIAL NOT NULL,
    "identification_type" "IdentificationType" NOT NULL DEFAULT 'BIRTH_NUMBER',
    "first_name" TEXT,
    "last_name" TEXT,
    "company_name" TEXT,
    "birth_number" TEXT,
    "birth_date" DATE,
    "company_id" TEXT,
    "identity_card" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "phone_e164" TEXT,
    "citizenship" TEXT,
    "note" TEXT,
    "is_internal" BOOLEAN NOT NULL DEFAULT false,
    "has_execution" BOOLEAN NOT NULL DEFAULT false,
    "has_insolvency" BOOLEAN NOT NULL DEFAULT false,
    "external_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "persons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "person_addresses" (
    "id" SERIAL NOT NULL,
    "person_id" INTEGER NOT NULL,
    "type" "AddressType" NOT NULL,
    "whole_address" TEXT NOT NULL,
    "street" TEXT,
    "house_number" TEXT,
    "city" TEXT,
    "zip" TEXT,
    "district" TEXT,
    "region" TEXT,
    "country" TEXT NOT NULL DEFAULT 'CZ',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "person_addresses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "person_contacts" (
    "id" SERIAL NOT NULL,
    "person_id" INTEGER NOT NULL,
    "type" "ContactType" NOT NULL,
    "value" TEXT NOT NULL,
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "person_contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "person_labels" (
    "id" SERIAL NOT NULL,
    "person_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "color" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "person_labels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blacklist_entries" (
    "id" SERIAL NOT NULL,
    "person_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "blacklist_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "distraints" (
    "id" SERIAL NOT NULL,
    "person_id" INTEGER NOT NULL,
    "screening_id" INTEGER,
    "file_mark" TEXT NOT NULL,
    "executor" TEXT,
    "creditor" TEXT,
    "amount" DECIMAL(14,2),
    "state" "DistraintState" NOT NULL DEFAULT 'ACTIVE',
    "started_at" DATE,
    "ended_at" DATE,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "distraints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "realty_rights" (
    "id" SERIAL NOT NULL,
    "person_id" INTEGER NOT NULL,
    "realty_id" INTEGER,
    "screening_id" INTEGER,
    "type" "RealtyRightType" NOT NULL,
    "share_numerator" INTEGER,
    "share_denominator" INTEGER,
    "lv_number" TEXT,
    "cadastral_area_code" TEXT,
    "cadastral_area_name" TEXT,
    "description" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "realty_rights_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screenings" (
    "id" SERIAL NOT NULL,
    "person_id" INTEGER NOT NULL,
    "type" "ScreeningType" NOT NULL,
    "state" "ProcessingState" NOT NULL DEFAULT 'PENDING',
    "result" JSONB,
    "file_key" TEXT,
    "error" TEXT,
    "requested_by_id" INTEGER,
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "screenings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "application_closed_reasons" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "application_closed_reasons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "leads" (
    "id" SERIAL NOT NULL,
    "source" "LeadSource" NOT NULL,
    "deal_type" "DealType",
    "state" "LeadState" NOT NULL DEFAULT 'NEW',
    "person_id" INTEGER,
    "value" DECIMAL(14,2),
    "installment_value" DECIMAL(14,2),
    "purpose" TEXT,
    "offer_applied" BOOLEAN NOT NULL DEFAULT false,
    "utm_source" TEXT,
    "utm_campaign" TEXT,
    "utm_medium" TEXT,
    "external_id" TEXT,
    "partner_payload" JSONB,
    "closed_reason_id" INTEGER,
    "closed_note" TEXT,
    "closed_at" TIMESTAMP(3),
    "assigned_to_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "leads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lead_participants" (
    "id" SERIAL NOT NULL,
    "lead_id" INTEGER NOT NULL,
    "person_id" INTEGER NOT NULL,
    "role" "PersonRole" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "lead_participants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "application_forms" (
    "id" SERIAL NOT NULL,
    "token" TEXT NOT NULL,
    "type" "FormType" NOT NULL,
    "deal_type" "LeadFormDealType",
    "state" "FormState",
    "data" JSONB NOT NULL DEFAULT '{}',
    "config" JSONB NOT NULL DEFAULT '{}',
    "utm_source" TEXT,
    "utm_campaign" TEXT,
    "utm_medium" TEXT,
    "offer_applied" BOOLEAN NOT NULL DEFAULT false,
    "offer_drafts" JSONB,
    "lead_id" INTEGER,
    "closed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "application_forms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "form_documents" (
    "id" SERIAL NOT NULL,
    "form_id" INTEGER NOT NULL,
    "category" "DocumentCategory" NOT NULL,
    "file_name" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "storage_key" TEXT NOT NULL,
    "verified_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "form_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bank_connections" (
    "id" SERIAL NOT NULL,
    "form_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "state" "BankConnectionState" NOT NULL DEFAULT 'PENDING',
    "bank_name" TEXT,
    "account_name" TEXT,
    "iban" TEXT,
    "connected_at" TIMESTAMP(3),
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "bank_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bank_transactions" (
    "id" SERIAL NOT NULL,
    "bank_connection_id" INTEGER,
    "document_id" INTEGER,
    "date" DATE NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'CZK',
    "counterparty_name" TEXT,
    "counterparty_account" TEXT,
    "description" TEXT,
    "variable_symbol" TEXT,
    "external_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bank_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offers" (
    "id" SERIAL NOT NULL,
    "lead_id" INTEGER NOT NULL,
    "kind" "OfferKind" NOT NULL,
    "value" DECIMAL(14,2),
    "installment_value" DECIMAL(14,2),
    "sent_at" TIMESTAMP(3),
    "applied_at" TIMESTAMP(3),
    "created_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "offers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offer_claim_groups" (
    "id" SERIAL NOT NULL,
    "offer_id" INTEGER NOT NULL,
    "order" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "offer_claim_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idm_evaluations" (
    "id" SERIAL NOT NULL,
    "lead_id" INTEGER,
    "deal_id" INTEGER,
    "deal_model_id" INTEGER,
    "state" "ProcessingState" NOT NULL DEFAULT 'PENDING',
    "result" JSONB,
    "error" TEXT,
    "requested_by_id" INTEGER,
    "checked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "idm_evaluations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "call_data" (
    "id" SERIAL NOT NULL,
    "lead_id" INTEGER NOT NULL,
    "called_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" "CallOutcome",
    "note" TEXT,
    "data" JSONB NOT NULL DEFAULT '{}',
    "next_call_at" TIMESTAMP(3),
    "created_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "call_data_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "incomes_expenses" (
    "id" SERIAL NOT NULL,
    "lead_id" INTEGER NOT NULL,
    "person_id" INTEGER,
    "kind" "IncomeExpenseKind" NOT NULL,
    "category" "IncomeExpenseCategory" NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "incomes_expenses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lead_debts" (
    "id" SERIAL NOT NULL,
    "lead_id" INTEGER NOT NULL,
    "type" "DebtType" NOT NULL,
    "creditor" TEXT NOT NULL,
    "original_amount" DECIMAL(14,2),
    "remaining_amount" DECIMAL(14,2) NOT NULL,
    "installment_value" DECIMAL(14,2),
    "to_refinance" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "lead_debts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deals" (
    "id" SERIAL NOT NULL,
    "type" "DealType" NOT NULL,
    "state" "DealState" NOT NULL DEFAULT 'NEW_APPLICATION',
    "closed_reason" "DealClosedReason",
    "value" DECIMAL(14,2) NOT NULL,
    "external_id" TEXT,
    "contract_number" TEXT,
    "variable_symbol" TEXT,
    "abp" BOOLEAN NOT NULL DEFAULT false,
    "insolvency" BOOLEAN NOT NULL DEFAULT false,
    "liquidated" BOOLEAN NOT NULL DEFAULT false,
    "days_past_due" INTEGER NOT NULL DEFAULT 0,
    "settings" "NoticeDisablingSetting"[] DEFAULT ARRAY[]::"NoticeDisablingSetting"[],
    "breach_types" "BreachType"[] DEFAULT ARRAY[]::"BreachType"[],
    "allocation_profile" "AllocationProfile",
    "lead_id" INTEGER,
    "signed_at" TIMESTAMP(3),
    "activated_at" TIMESTAMP(3),
    "closed_at" TIMESTAMP(3),
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "deals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deal_participants" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "person_id" INTEGER NOT NULL,
    "role" "PersonRole" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "deal_participants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deal_models" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "name" TEXT,
    "principal" DECIMAL(14,2) NOT NULL,
    "interest_rate" DECIMAL(7,4),
    "apr" DECIMAL(7,4),
    "term_months" INTEGER,
    "installment_value" DECIMAL(14,2),
    "fee" DECIMAL(14,2),
    "first_installment_at" DATE,
    "is_selected" BOOLEAN NOT NULL DEFAULT false,
    "parameters" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "deal_models_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claims_groups" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "kind" "ClaimsGroupKind" NOT NULL,
    "name" TEXT,
    "start_date" DATE,
    "end_date" DATE,
    "due_day" INTEGER,
    "principal" DECIMAL(14,2),
    "interest_rate" DECIMAL(7,4),
    "installment_value" DECIMAL(14,2),
    "installment_count" INTEGER,
    "monthly_rent" DECIMAL(14,2),
    "services_advance" DECIMAL(14,2),
    "deposit" DECIMAL(14,2),
    "purchase_price" DECIMAL(14,2),
    "buyback_price" DECIMAL(14,2),
    "buyback_deadline" DATE,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "claims_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claims" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "claims_group_id" INTEGER,
    "type" "ClaimType" NOT NULL,
    "creditor_id" INTEGER,
    "number" INTEGER,
    "due_date" DATE NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "paid_amount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "description" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claims_settings" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "type" "ClaimType" NOT NULL,
    "amount" DECIMAL(14,2),
    "rate" DECIMAL(7,4),
    "due_day" INTEGER,
    "is_enabled" BOOLEAN NOT NULL DEFAULT true,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "claims_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claims_statements" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "state" "ClaimsStatementState" NOT NULL DEFAULT 'DRAFT',
    "allocation_profile" "AllocationProfile",
    "as_of" DATE NOT NULL,
    "data" JSONB,
    "saved_at" TIMESTAMP(3),
    "saved_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "claims_statements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "enforceable_claims" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "title_type" "EnforceableTitleType" NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "file_mark" TEXT,
    "issued_by" TEXT,
    "issued_at" DATE,
    "enforceable_from" DATE,
    "executor" TEXT,
    "execution_file_mark" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "enforceable_claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deal_debts" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "deal_model_id" INTEGER,
    "type" "DebtType" NOT NULL,
    "creditor" TEXT NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "installment_value" DECIMAL(14,2),
    "bank_account" TEXT,
    "variable_symbol" TEXT,
    "to_refinance" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "deal_debts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deal_obligations" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "type" "ObligationType" NOT NULL,
    "description" TEXT,
    "due_date" DATE,
    "fulfilled_at" TIMESTAMP(3),
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "deal_obligations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "purposes" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "type" "PaymentPurposeType" NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "bank_account" TEXT,
    "variable_symbol" TEXT,
    "specific_symbol" TEXT,
    "recipient_name" TEXT,
    "message" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "purposes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "purpose_drawings" (
    "id" SERIAL NOT NULL,
    "purpose_id" INTEGER NOT NULL,
    "payment_id" INTEGER,
    "amount" DECIMAL(14,2) NOT NULL,
    "drawn_at" DATE,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "purpose_drawings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "realty_groups" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER,
    "name" TEXT,
    "mortgage" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "realty_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "realty_group_realties" (
    "realty_group_id" INTEGER NOT NULL,
    "realty_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "realty_group_realties_pkey" PRIMARY KEY ("realty_group_id","realty_id")
);

-- CreateTable
CREATE TABLE "realty_estimations" (
    "id" SERIAL NOT NULL,
    "realty_group_id" INTEGER NOT NULL,
    "value" DECIMAL(14,2) NOT NULL,
    "estimated_at" DATE NOT NULL,
    "estimator" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "realty_estimations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deal_labels" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "color" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "deal_labels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deal_notes" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "deal_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notice_groups" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "type" "NoticeType" NOT NULL,
    "breach_type" "BreachType",
    "state" "NoticeState" NOT NULL DEFAULT 'PREPARED',
    "note" TEXT,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notice_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notices" (
    "id" SERIAL NOT NULL,
    "notice_group_id" INTEGER,
    "deal_id" INTEGER NOT NULL,
    "person_id" INTEGER,
    "channel" "NotificationChannel" NOT NULL,
    "type" "NoticeType" NOT NULL,
    "state" "NoticeState" NOT NULL DEFAULT 'PREPARED',
    "recipient" TEXT,
    "subject" TEXT,
    "text" TEXT,
    "pdf_key" TEXT,
    "error" TEXT,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" SERIAL NOT NULL,
    "direction" "PaymentDirection" NOT NULL,
    "category" "PaymentCategory" NOT NULL DEFAULT 'UNCATEGORIZED',
    "payment_type" "PaymentType" NOT NULL DEFAULT 'BANK_TRANSFER',
    "date" DATE NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "variable_symbol" TEXT,
    "specific_symbol" TEXT,
    "constant_symbol" TEXT,
    "counter_account" TEXT,
    "counter_account_name" TEXT,
    "message" TEXT,
    "note" TEXT,
    "bank_reference" TEXT,
    "deal_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_allocations" (
    "id" SERIAL NOT NULL,
    "payment_id" INTEGER NOT NULL,
    "claim_id" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_allocations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "realties" (
    "id" SERIAL NOT NULL,
    "type" "RealtyType" NOT NULL,
    "whole_address" TEXT,
    "street" TEXT,
    "house_number" TEXT,
    "city" TEXT,
    "zip" TEXT,
    "district" TEXT,
    "region" TEXT,
    "country" TEXT NOT NULL DEFAULT 'CZ',
    "cadastral_area_code" TEXT,
    "cadastral_area_name" TEXT,
    "lv_number" TEXT,
    "parcel_number" TEXT,
    "unit_number" TEXT,
    "floor_area" DECIMAL(10,2),
    "land_area" DECIMAL(12,2),
    "title_deed_id" INTEGER,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "realties_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "purchased_properties" (
    "id" SERIAL NOT NULL,
    "realty_id" INTEGER,
    "state" "PurchasedPropertyState" NOT NULL DEFAULT 'ACQUISITION',
    "active_deal_id" INTEGER,
    "name" TEXT,
    "purchase_price" DECIMAL(14,2),
    "purchased_at" DATE,
    "sale_price" DECIMAL(14,2),
    "sold_at" DATE,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "purchased_properties_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cadastral_locations" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "municipality" TEXT,
    "district" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cadastral_locations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "title_deeds" (
    "id" SERIAL NOT NULL,
    "cadastral_number" TEXT,
    "lv_number" TEXT,
    "code" TEXT,
    "external_id" TEXT,
    "cadastral_location_code" TEXT,
    "cadastral_location_id" INTEGER,
    "price" DECIMAL(14,2),
    "file_key" TEXT,
    "data" JSONB,
    "downloaded_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "title_deeds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reports" (
    "id" SERIAL NOT NULL,
    "type" "ReportType" NOT NULL,
    "state" "ProcessingState" NOT NULL DEFAULT 'PENDING',
    "params" JSONB NOT NULL DEFAULT '{}',
    "file_key" TEXT,
    "file_name" TEXT,
    "error" TEXT,
    "created_by_id" INTEGER,
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bank_batches" (
    "id" SERIAL NOT NULL,
    "state" "ProcessingState" NOT NULL DEFAULT 'PENDING',
    "date_from" DATE,
    "date_to" DATE,
    "params" JSONB NOT NULL DEFAULT '{}',
    "deal_report_key" TEXT,
    "person_report_key" TEXT,
    "repi_report_key" TEXT,
    "error" TEXT,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "bank_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "isir_cases" (
    "id" SERIAL NOT NULL,
    "file_mark" TEXT NOT NULL,
    "state" "IsirCaseState" NOT NULL DEFAULT 'PENDING',
    "person_id" INTEGER,
    "court" TEXT,
    "debtor_name" TEXT,
    "started_at" DATE,
    "data" JSONB,
    "last_checked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "isir_cases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "type" "NotificationChannel" NOT NULL,
    "entity_type" TEXT,
    "entity_id" TEXT,
    "recipient" TEXT NOT NULL,
    "subject" TEXT,
    "body" TEXT NOT NULL,
    "state" "NotificationState" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" SERIAL NOT NULL,
    "source" "WebhookSource" NOT NULL,
    "event" TEXT NOT NULL,
    "resource" TEXT,
    "payload" JSONB NOT NULL,
    "error" TEXT,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMP(3),

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "addresses" (
    "id" SERIAL NOT NULL,
    "ruian_code" INTEGER,
    "whole_address" TEXT NOT NULL,
    "street" TEXT,
    "number" TEXT,
    "zip" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "city_part" TEXT,
    "district" TEXT,
    "region" TEXT,
    "search_text" TEXT NOT NULL,

    CONSTRAINT "addresses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_users_email_key" ON "staff_users"("email");

-- CreateIndex
CREATE INDEX "refresh_tokens_user_id_idx" ON "refresh_tokens"("user_id");

-- CreateIndex
CREATE INDEX "login_failures_email_created_at_idx" ON "login_failures"("email", "created_at");

-- CreateIndex
CREATE INDEX "login_failures_ip_created_at_idx" ON "login_failures"("ip", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys"("prefix");

-- CreateIndex
CREATE INDEX "audit_log_entity_entity_id_idx" ON "audit_log"("entity", "entity_id");

-- CreateIndex
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "persons_birth_number_key" ON "persons"("birth_number");

-- CreateIndex
CREATE UNIQUE INDEX "persons_external_id_key" ON "persons"("external_id");

-- CreateIndex
CREATE INDEX "persons_identification_type_idx" ON "persons"("identification_type");

-- CreateIndex
CREATE INDEX "persons_company_id_idx" ON "persons"("company_id");

-- CreateIndex
CREATE INDEX "persons_last_name_first_name_idx" ON "persons"("last_name", "first_name");

-- CreateIndex
CREATE INDEX "persons_company_name_idx" ON "persons"("company_name");

-- CreateIndex
CREATE INDEX "persons_email_idx" ON "persons"("email");

-- CreateIndex
CREATE INDEX "persons_phone_e164_idx" ON "persons"("phone_e164");

-- CreateIndex
CREATE INDEX "persons_is_internal_idx" ON "persons"("is_internal");

-- CreateIndex
CREATE INDEX "persons_has_execution_idx" ON "persons"("has_execution");

-- CreateIndex
CREATE INDEX "persons_has_insolvency_idx" ON "persons"("has_insolvency");

-- CreateIndex
CREATE INDEX "person_addresses_person_id_type_idx" ON "person_addresses"("person_id", "type");

-- CreateIndex
CREATE INDEX "person_contacts_person_id_type_idx" ON "person_contacts"("person_id", "type");

-- CreateIndex
CREATE INDEX "person_contacts_value_idx" ON "person_contacts"("value");

-- CreateIndex
CREATE INDEX "person_labels_name_idx" ON "person_labels"("name");

-- CreateIndex
CREATE UNIQUE INDEX "person_labels_person_id_name_key" ON "person_labels"("person_id", "name");

-- CreateIndex
CREATE INDEX "blacklist_entries_person_id_idx" ON "blacklist_entries"("person_id");

-- CreateIndex
CREATE INDEX "blacklist_entries_created_by_id_idx" ON "blacklist_entries"("created_by_id");

-- CreateIndex
CREATE INDEX "distraints_person_id_state_idx" ON "distraints"("person_id", "state");

-- CreateIndex
CREATE INDEX "distraints_screening_id_idx" ON "distraints"("screening_id");

-- CreateIndex
CREATE INDEX "distraints_file_mark_idx" ON "distraints"("file_mark");

-- CreateIndex
CREATE INDEX "realty_rights_person_id_idx" ON "realty_rights"("person_id");

-- CreateIndex
CREATE INDEX "realty_rights_realty_id_idx" ON "realty_rights"("realty_id");

-- CreateIndex
CREATE INDEX "realty_rights_screening_id_idx" ON "realty_rights"("screening_id");

-- CreateIndex
CREATE INDEX "screenings_person_id_type_created_at_idx" ON "screenings"("person_id", "type", "created_at");

-- CreateIndex
CREATE INDEX "screenings_type_created_at_idx" ON "screenings"("type", "created_at");

-- CreateIndex
CREATE INDEX "screenings_created_at_idx" ON "screenings"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "application_closed_reasons_code_key" ON "application_closed_reasons"("code");

-- CreateIndex
CREATE INDEX "leads_person_id_idx" ON "leads"("person_id");

-- CreateIndex
CREATE INDEX "leads_state_idx" ON "leads"("state");

-- CreateIndex
CREATE INDEX "leads_source_external_id_idx" ON "leads"("source", "external_id");

-- CreateIndex
CREATE INDEX "leads_closed_reason_id_idx" ON "leads"("closed_reason_id");

-- CreateIndex
CREATE INDEX "leads_assigned_to_id_idx" ON "leads"("assigned_to_id");

-- CreateIndex
CREATE INDEX "leads_created_at_idx" ON "leads"("created_at");

-- CreateIndex
CREATE INDEX "lead_participants_person_id_idx" ON "lead_participants"("person_id");

-- CreateIndex
CREATE UNIQUE INDEX "lead_participants_lead_id_person_id_role_key" ON "lead_participants"("lead_id", "person_id", "role");

-- CreateIndex
CREATE UNIQUE INDEX "application_forms_token_key" ON "application_forms"("token");

-- CreateIndex
CREATE INDEX "application_forms_lead_id_idx" ON "application_forms"("lead_id");

-- CreateIndex
CREATE INDEX "application_forms_state_idx" ON "application_forms"("state");

-- CreateIndex
CREATE INDEX "application_forms_created_at_idx" ON "application_forms"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "form_documents_storage_key_key" ON "form_documents"("storage_key");

-- CreateIndex
CREATE INDEX "form_documents_form_id_category_idx" ON "form_documents"("form_id", "category");

-- CreateIndex
CREATE UNIQUE INDEX "bank_connections_client_id_key" ON "bank_connections"("client_id");

-- CreateIndex
CREATE INDEX "bank_connections_form_id_idx" ON "bank_connections"("form_id");

-- CreateIndex
CREATE INDEX "bank_transactions_bank_connection_id_date_idx" ON "bank_transactions"("bank_connection_id", "date");

-- CreateIndex
CREATE INDEX "bank_transactions_document_id_idx" ON "bank_transactions"("document_id");

-- CreateIndex
CREATE INDEX "offers_lead_id_idx" ON "offers"("lead_id");

-- CreateIndex
CREATE UNIQUE INDEX "offer_claim_groups_offer_id_order_key" ON "offer_claim_groups"("offer_id", "order");

-- CreateIndex
CREATE INDEX "idm_evaluations_lead_id_idx" ON "idm_evaluations"("lead_id");

-- CreateIndex
CREATE INDEX "idm_evaluations_deal_id_idx" ON "idm_evaluations"("deal_id");

-- CreateIndex
CREATE INDEX "idm_evaluations_deal_model_id_idx" ON "idm_evaluations"("deal_model_id");

-- CreateIndex
CREATE INDEX "call_data_lead_id_idx" ON "call_data"("lead_id");

-- CreateIndex
CREATE INDEX "incomes_expenses_lead_id_kind_idx" ON "incomes_expenses"("lead_id", "kind");

-- CreateIndex
CREATE INDEX "incomes_expenses_person_id_idx" ON "incomes_expenses"("person_id");

-- CreateIndex
CREATE INDEX "lead_debts_lead_id_idx" ON "lead_debts"("lead_id");

-- CreateIndex
CREATE UNIQUE INDEX "deals_external_id_key" ON "deals"("external_id");

-- CreateIndex
CREATE UNIQUE INDEX "deals_contract_number_key" ON "deals"("contract_number");

-- CreateIndex
CREATE UNIQUE INDEX "deals_variable_symbol_key" ON "deals"("variable_symbol");

-- CreateIndex
CREATE UNIQUE INDEX "deals_lead_id_key" ON "deals"("lead_id");

-- CreateIndex
CREATE INDEX "deals_state_idx" ON "deals"("state");

-- CreateIndex
CREATE INDEX "deals_type_idx" ON "deals"("type");

-- CreateIndex
CREATE INDEX "deals_closed_reason_idx" ON "deals"("closed_reason");

-- CreateIndex
CREATE INDEX "deals_value_idx" ON "deals"("value");

-- CreateIndex
CREATE INDEX "deals_days_past_due_idx" ON "deals"("days_past_due");

-- CreateIndex
CREATE INDEX "deals_abp_idx" ON "deals"("abp");

-- CreateIndex
CREATE INDEX "deals_insolvency_idx" ON "deals"("insolvency");

-- CreateIndex
CREATE INDEX "deals_liquidated_idx" ON "deals"("liquidated");

-- CreateIndex
CREATE INDEX "deals_settings_idx" ON "deals" USING GIN ("settings");

-- CreateIndex
CREATE INDEX "deals_breach_types_idx" ON "deals" USING GIN ("breach_types");

-- CreateIndex
CREATE INDEX "deals_created_at_idx" ON "deals"("created_at");

-- CreateIndex
CREATE INDEX "deal_participants_person_id_role_idx" ON "deal_participants"("person_id", "role");

-- CreateIndex
CREATE INDEX "deal_participants_role_idx" ON "deal_participants"("role");

-- CreateIndex
CREATE UNIQUE INDEX "deal_participants_deal_id_person_id_role_key" ON "deal_participants"("deal_id", "person_id", "role");

-- CreateIndex
CREATE INDEX "deal_models_deal_id_idx" ON "deal_models"("deal_id");

-- CreateIndex
CREATE INDEX "claims_groups_deal_id_kind_idx" ON "claims_groups"("deal_id", "kind");

-- CreateIndex
CREATE INDEX "claims_deal_id_due_date_idx" ON "claims"("deal_id", "due_date");

-- CreateIndex
CREATE INDEX "claims_claims_group_id_idx" ON "claims"("claims_group_id");

-- CreateIndex
CREATE INDEX "claims_creditor_id_idx" ON "claims"("creditor_id");

-- CreateIndex
CREATE INDEX "claims_type_idx" ON "claims"("type");

-- CreateIndex
CREATE INDEX "claims_settings_type_idx" ON "claims_settings"("type");

-- CreateIndex
CREATE UNIQUE INDEX "claims_settings_deal_id_type_key" ON "claims_settings"("deal_id", "type");

-- CreateIndex
CREATE INDEX "claims_statements_deal_id_state_idx" ON "claims_statements"("deal_id", "state");

-- CreateIndex
CREATE INDEX "enforceable_claims_deal_id_idx" ON "enforceable_claims"("deal_id");

-- CreateIndex
CREATE INDEX "deal_debts_deal_id_idx" ON "deal_debts"("deal_id");

-- CreateIndex
CREATE INDEX "deal_debts_deal_model_id_idx" ON "deal_debts"("deal_model_id");

-- CreateIndex
CREATE INDEX "deal_obligations_deal_id_type_idx" ON "deal_obligations"("deal_id", "type");

-- CreateIndex
CREATE INDEX "purposes_deal_id_type_idx" ON "purposes"("deal_id", "type");

-- CreateIndex
CREATE INDEX "purpose_drawings_purpose_id_idx" ON "purpose_drawings"("purpose_id");

-- CreateIndex
CREATE INDEX "purpose_drawings_payment_id_idx" ON "purpose_drawings"("payment_id");

-- CreateIndex
CREATE INDEX "realty_groups_deal_id_idx" ON "realty_groups"("deal_id");

-- CreateIndex
CREATE INDEX "realty_groups_mortgage_idx" ON "realty_groups"("mortgage");

-- CreateIndex
CREATE INDEX "realty_group_realties_realty_id_idx" ON "realty_group_realties"("realty_id");

-- CreateIndex
CREATE INDEX "realty_estimations_realty_group_id_idx" ON "realty_estimations"("realty_group_id");

-- CreateIndex
CREATE INDEX "deal_labels_name_idx" ON "deal_labels"("name");

-- CreateIndex
CREATE UNIQUE INDEX "deal_labels_deal_id_name_key" ON "deal_labels"("deal_id", "name");

-- CreateIndex
CREATE INDEX "deal_notes_deal_id_created_at_idx" ON "deal_notes"("deal_id", "created_at");

-- CreateIndex
CREATE INDEX "deal_notes_author_id_idx" ON "deal_notes"("author_id");

-- CreateIndex
CREATE INDEX "notice_groups_deal_id_state_idx" ON "notice_groups"("deal_id", "state");

-- CreateIndex
CREATE INDEX "notices_notice_group_id_idx" ON "notices"("notice_group_id");

-- CreateIndex
CREATE INDEX "notices_deal_id_state_idx" ON "notices"("deal_id", "state");

-- CreateIndex
CREATE INDEX "notices_person_id_idx" ON "notices"("person_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_bank_reference_key" ON "payments"("bank_reference");

-- CreateIndex
CREATE INDEX "payments_deal_id_date_idx" ON "payments"("deal_id", "date");

-- CreateIndex
CREATE INDEX "payments_date_idx" ON "payments"("date");

-- CreateIndex
CREATE INDEX "payments_category_idx" ON "payments"("category");

-- CreateIndex
CREATE INDEX "payments_payment_type_idx" ON "payments"("payment_type");

-- CreateIndex
CREATE INDEX "payments_variable_symbol_idx" ON "payments"("variable_symbol");

-- CreateIndex
CREATE INDEX "payment_allocations_payment_id_idx" ON "payment_allocations"("payment_id");

-- CreateIndex
CREATE INDEX "payment_allocations_claim_id_idx" ON "payment_allocations"("claim_id");

-- CreateIndex
CREATE INDEX "realties_type_idx" ON "realties"("type");

-- CreateIndex
CREATE INDEX "realties_cadastral_area_code_lv_number_idx" ON "realties"("cadastral_area_code", "lv_number");

-- CreateIndex
CREATE INDEX "realties_title_deed_id_idx" ON "realties"("title_deed_id");

-- CreateIndex
CREATE INDEX "purchased_properties_state_idx" ON "purchased_properties"("state");

-- CreateIndex
CREATE INDEX "purchased_properties_active_deal_id_idx" ON "purchased_properties"("active_deal_id");

-- CreateIndex
CREATE INDEX "purchased_properties_realty_id_idx" ON "purchased_properties"("realty_id");

-- CreateIndex
CREATE UNIQUE INDEX "cadastral_locations_code_key" ON "cadastral_locations"("code");

-- CreateIndex
CREATE INDEX "cadastral_locations_name_idx" ON "cadastral_locations"("name");

-- CreateIndex
CREATE INDEX "title_deeds_cadastral_number_idx" ON "title_deeds"("cadastral_number");

-- CreateIndex
CREATE INDEX "title_deeds_lv_number_idx" ON "title_deeds"("lv_number");

-- CreateIndex
CREATE INDEX "title_deeds_cadastral_location_code_code_idx" ON "title_deeds"("cadastral_location_code", "code");

-- CreateIndex
CREATE INDEX "title_deeds_external_id_idx" ON "title_deeds"("external_id");

-- CreateIndex
CREATE INDEX "title_deeds_cadastral_location_id_idx" ON "title_deeds"("cadastral_location_id");

-- CreateIndex
CREATE INDEX "reports_type_created_at_idx" ON "reports"("type", "created_at");

-- CreateIndex
CREATE INDEX "reports_state_idx" ON "reports"("state");

-- CreateIndex
CREATE INDEX "bank_batches_created_at_idx" ON "bank_batches"("created_at");

-- CreateIndex
CREATE INDEX "isir_cases_file_mark_idx" ON "isir_cases"("file_mark");

-- CreateIndex
CREATE INDEX "isir_cases_person_id_idx" ON "isir_cases"("person_id");

-- CreateIndex
CREATE INDEX "notifications_entity_type_entity_id_idx" ON "notifications"("entity_type", "entity_id");

-- CreateIndex
CREATE INDEX "notifications_name_type_idx" ON "notifications"("name", "type");

-- CreateIndex
CREATE INDEX "notifications_state_created_at_idx" ON "notifications"("state", "created_at");

-- CreateIndex
CREATE INDEX "webhook_events_source_received_at_idx" ON "webhook_events"("source", "received_at");

-- CreateIndex
CREATE INDEX "webhook_events_processed_at_idx" ON "webhook_events"("processed_at");

-- CreateIndex
CREATE UNIQUE INDEX "addresses_ruian_code_key" ON "addresses"("ruian_code");

-- CreateIndex
CREATE INDEX "addresses_city_idx" ON "addresses"("city");

-- CreateIndex
CREATE INDEX "addresses_zip_idx" ON "addresses"("zip");

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_addresses" ADD CONSTRAINT "person_addresses_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_contacts" ADD CONSTRAINT "person_contacts_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_labels" ADD CONSTRAINT "person_labels_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "distraints" ADD CONSTRAINT "distraints_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "distraints" ADD CONSTRAINT "distraints_screening_id_fkey" FOREIGN KEY ("screening_id") REFERENCES "screenings"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "realty_rights" ADD CONSTRAINT "realty_rights_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "realty_rights" ADD CONSTRAINT "realty_rights_realty_id_fkey" FOREIGN KEY ("realty_id") REFERENCES "realties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "realty_rights" ADD CONSTRAINT "realty_rights_screening_id_fkey" FOREIGN KEY ("screening_id") REFERENCES "screenings"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_closed_reason_id_fkey" FOREIGN KEY ("closed_reason_id") REFERENCES "application_closed_reasons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_participants" ADD CONSTRAINT "lead_participants_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_participants" ADD CONSTRAINT "lead_participants_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "application_forms" ADD CONSTRAINT "application_forms_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "form_documents" ADD CONSTRAINT "form_documents_form_id_fkey" FOREIGN KEY ("form_id") REFERENCES "application_forms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_connections" ADD CONSTRAINT "bank_connections_form_id_fkey" FOREIGN KEY ("form_id") REFERENCES "application_forms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_bank_connection_id_fkey" FOREIGN KEY ("bank_connection_id") REFERENCES "bank_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "form_documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offer_claim_groups" ADD CONSTRAINT "offer_claim_groups_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idm_evaluations" ADD CONSTRAINT "idm_evaluations_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idm_evaluations" ADD CONSTRAINT "idm_evaluations_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idm_evaluations" ADD CONSTRAINT "idm_evaluations_deal_model_id_fkey" FOREIGN KEY ("deal_model_id") REFERENCES "deal_models"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "call_data" ADD CONSTRAINT "call_data_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "incomes_expenses" ADD CONSTRAINT "incomes_expenses_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "incomes_expenses" ADD CONSTRAINT "incomes_expenses_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_debts" ADD CONSTRAINT "lead_debts_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deals" ADD CONSTRAINT "deals_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_participants" ADD CONSTRAINT "deal_participants_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_participants" ADD CONSTRAINT "deal_participants_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_models" ADD CONSTRAINT "deal_models_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claims_groups" ADD CONSTRAINT "claims_groups_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claims" ADD CONSTRAINT "claims_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claims" ADD CONSTRAINT "claims_claims_group_id_fkey" FOREIGN KEY ("claims_group_id") REFERENCES "claims_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claims" ADD CONSTRAINT "claims_creditor_id_fkey" FOREIGN KEY ("creditor_id") REFERENCES "persons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claims_settings" ADD CONSTRAINT "claims_settings_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claims_statements" ADD CONSTRAINT "claims_statements_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enforceable_claims" ADD CONSTRAINT "enforceable_claims_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_debts" ADD CONSTRAINT "deal_debts_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_debts" ADD CONSTRAINT "deal_debts_deal_model_id_fkey" FOREIGN KEY ("deal_model_id") REFERENCES "deal_models"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_obligations" ADD CONSTRAINT "deal_obligations_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "purposes" ADD CONSTRAINT "purposes_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "purpose_drawings" ADD CONSTRAINT "purpose_drawings_purpose_id_fkey" FOREIGN KEY ("purpose_id") REFERENCES "purposes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "purpose_drawings" ADD CONSTRAINT "purpose_drawings_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "realty_groups" ADD CONSTRAINT "realty_groups_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "realty_group_realties" ADD CONSTRAINT "realty_group_realties_realty_group_id_fkey" FOREIGN KEY ("realty_group_id") REFERENCES "realty_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "realty_group_realties" ADD CONSTRAINT "realty_group_realties_realty_id_fkey" FOREIGN KEY ("realty_id") REFERENCES "realties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "realty_estimations" ADD CONSTRAINT "realty_estimations_realty_group_id_fkey" FOREIGN KEY ("realty_group_id") REFERENCES "realty_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_labels" ADD CONSTRAINT "deal_labels_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_notes" ADD CONSTRAINT "deal_notes_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notice_groups" ADD CONSTRAINT "notice_groups_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notices" ADD CONSTRAINT "notices_notice_group_id_fkey" FOREIGN KEY ("notice_group_id") REFERENCES "notice_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notices" ADD CONSTRAINT "notices_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notices" ADD CONSTRAINT "notices_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "realties" ADD CONSTRAINT "realties_title_deed_id_fkey" FOREIGN KEY ("title_deed_id") REFERENCES "title_deeds"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "purchased_properties" ADD CONSTRAINT "purchased_properties_realty_id_fkey" FOREIGN KEY ("realty_id") REFERENCES "realties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "purchased_properties" ADD CONSTRAINT "purchased_properties_active_deal_id_fkey" FOREIGN KEY ("active_deal_id") REFERENCES "deals"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "title_deeds" ADD CONSTRAINT "title_deeds_cadastral_location_id_fkey" FOREIGN KEY ("cadastral_location_id") REFERENCES "cadastral_locations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "isir_cases" ADD CONSTRAINT "isir_cases_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "persons"("id") ON DELETE SET NULL ON UPDATE CASCADE;
