-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- AlterEnum
BEGIN;
CREATE TYPE "DocumentCategory_new" AS ENUM ('BANK_STATEMENT', 'EMPLOYER_CONFIRMATION', 'PAY_SLIP', 'TAX_RETURN', 'ACCOUNTS_CLOSING', 'PROPERTY_PHOTO', 'OTHER');
ALTER TABLE "form_documents" ALTER COLUMN "category" TYPE "DocumentCategory_new" USING ("category"::text::"DocumentCategory_new");
ALTER TYPE "DocumentCategory" RENAME TO "DocumentCategory_old";
ALTER TYPE "DocumentCategory_new" RENAME TO "DocumentCategory";
DROP TYPE "public"."DocumentCategory_old";
COMMIT;

-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "realty_id" INTEGER;

-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMP(3) NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key","window_start")
);

-- CreateIndex
CREATE INDEX "rate_limit_buckets_window_start_idx" ON "rate_limit_buckets"("window_start");

-- CreateIndex
CREATE INDEX "addresses_search_text_trgm_idx" ON "addresses" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "leads_realty_id_idx" ON "leads"("realty_id");

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_realty_id_fkey" FOREIGN KEY ("realty_id") REFERENCES "realties"("id") ON DELETE SET NULL ON UPDATE CASCADE;


