-- Statement files go to the file storage (local directory or S3, as applicants' documents do)
-- instead of a bytea column (docs/decisions/0042): the upload streams the file there while it
-- hashes it, and the import job streams it back through the parsers, so neither holds a 20 MB
-- file in memory. Rows uploaded before keep their bytea `content` (it cannot be moved to an
-- object store from SQL); the import reads it as before, and a failed one uploaded again moves
-- to the stored copy of the same bytes. Exactly one of the two holds a row's file.
ALTER TABLE "payment_statements" ALTER COLUMN "content" DROP NOT NULL;
ALTER TABLE "payment_statements" ADD COLUMN "storage_key" TEXT;
CREATE UNIQUE INDEX "payment_statements_storage_key_key" ON "payment_statements"("storage_key");
ALTER TABLE "payment_statements" ADD CONSTRAINT "payment_statements_file" CHECK (("content" IS NULL) <> ("storage_key" IS NULL));
