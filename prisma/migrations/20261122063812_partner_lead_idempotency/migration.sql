-- DropIndex
DROP INDEX "leads_source_external_id_idx";

-- CreateIndex
CREATE UNIQUE INDEX "leads_source_external_id_key" ON "leads"("source", "external_id");


