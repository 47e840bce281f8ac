-- Reporting (docs/decisions/0049): generated billing reports, daily portfolio snapshots of the close
-- of business, monthly credit-register (CNCB) batches (docs/decisions/0050).
-- CreateEnum
CREATE TYPE "ReportState" AS ENUM ('QUEUED', 'RUNNING', 'DONE', 'FAILED');

-- CreateTable
CREATE TABLE "reports" (
    "id" SERIAL NOT NULL,
    "type" "ReportType" NOT NULL,
    "state" "ReportState" NOT NULL DEFAULT 'QUEUED',
    "format" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "request_key" TEXT NOT NULL,
    "rows" INTEGER NOT NULL DEFAULT 0,
    "totals" JSONB,
    "file_key" TEXT,
    "file_name" TEXT,
    "size" INTEGER,
    "sha256" TEXT,
    "metadata" JSONB,
    "error" TEXT,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "portfolio_snapshots" (
    "business_date" DATE NOT NULL,
    "deal_type" "DealType" NOT NULL,
    "state" "DealState" NOT NULL,
    "deals" INTEGER NOT NULL,
    "principal_outstanding" DECIMAL(16,2) NOT NULL,
    "outstanding" DECIMAL(16,2) NOT NULL,
    "overdue" DECIMAL(16,2) NOT NULL,
    "overdue_1_30" DECIMAL(16,2) NOT NULL,
    "overdue_31_60" DECIMAL(16,2) NOT NULL,
    "overdue_61_90" DECIMAL(16,2) NOT NULL,
    "overdue_91_plus" DECIMAL(16,2) NOT NULL,
    "deals_1_30" INTEGER NOT NULL,
    "deals_31_60" INTEGER NOT NULL,
    "deals_61_90" INTEGER NOT NULL,
    "deals_91_plus" INTEGER NOT NULL,
    "par30_principal" DECIMAL(16,2) NOT NULL,
    "par90_principal" DECIMAL(16,2) NOT NULL,
    "penalty_interest" DECIMAL(16,2) NOT NULL,
    "breaches" INTEGER NOT NULL,
    "new_deals" INTEGER NOT NULL,
    "new_volume" DECIMAL(16,2) NOT NULL,
    "repayments" DECIMAL(16,2) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "portfolio_snapshots_pkey" PRIMARY KEY ("business_date","deal_type","state")
);

-- CreateTable
CREATE TABLE "cncb_batches" (
    "id" SERIAL NOT NULL,
    "period" DATE NOT NULL,
    "as_of" DATE NOT NULL,
    "state" "ReportState" NOT NULL DEFAULT 'QUEUED',
    "repi_state" "ReportState",
    "deals" INTEGER NOT NULL DEFAULT 0,
    "persons" INTEGER NOT NULL DEFAULT 0,
    "repayments" INTEGER NOT NULL DEFAULT 0,
    "files" JSONB,
    "metadata" JSONB,
    "error" TEXT,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "cncb_batches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reports_type_created_at_idx" ON "reports"("type", "created_at");

-- CreateIndex
CREATE INDEX "reports_request_key_idx" ON "reports"("request_key");

-- CreateIndex
CREATE INDEX "cncb_batches_period_idx" ON "cncb_batches"("period");



ALTER TABLE "reports" ADD CONSTRAINT "reports_format_check" CHECK ("format" IN ('csv', 'xlsx'));

-- The claims report reads claims by due date in keyset pages.
CREATE INDEX "claims_due_date_id_idx" ON "claims"("due_date", "id");

-- The deal-states report reads the deals' state changes (audit entries) by time in keyset pages.
CREATE INDEX "audit_log_deal_state_idx" ON "audit_log"("created_at", "id") WHERE "action" = 'deal.state';
