-- Bank statement imports (docs/decisions/0034): the uploaded file, kept whole, with the progress
-- of the job that books its movements. The SHA-256 of the file is unique: the same statement
-- uploaded again is answered with its first import instead of being booked twice (the payments'
-- own bank_reference keeps overlapping statements from doubling a movement).
CREATE TABLE "payment_statements" (
    "id" SERIAL NOT NULL,
    "format" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "sha256" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'QUEUED',
    "total_lines" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "paired" INTEGER NOT NULL DEFAULT 0,
    "unpaired" INTEGER NOT NULL DEFAULT 0,
    "duplicates_skipped" INTEGER NOT NULL DEFAULT 0,
    "errors" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "payment_statements_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_statements_format" CHECK ("format" IN ('gpc', 'camt053')),
    CONSTRAINT "payment_statements_state" CHECK ("state" IN ('QUEUED', 'PROCESSING', 'DONE', 'FAILED')),
    CONSTRAINT "payment_statements_counts" CHECK ("processed" >= 0 AND "processed" <= "total_lines" AND "created" >= 0 AND "paired" >= 0 AND "unpaired" >= 0 AND "duplicates_skipped" >= 0)
);
CREATE UNIQUE INDEX "payment_statements_sha256_key" ON "payment_statements"("sha256");
ALTER TABLE "payment_statements" ADD CONSTRAINT "payment_statements_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- What an outgoing payment was for (spec's payment purpose types), and the import that booked a
-- payment. Pairing by counter-account looks payments up by it.
ALTER TABLE "payments" ADD COLUMN "purpose_type" "PaymentPurposeType";
ALTER TABLE "payments" ADD COLUMN "statement_id" INTEGER;
CREATE INDEX "payments_counter_account_idx" ON "payments"("counter_account");
CREATE INDEX "payments_statement_id_idx" ON "payments"("statement_id");
ALTER TABLE "payments" ADD CONSTRAINT "payments_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "payment_statements"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
