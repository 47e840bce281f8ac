-- The daily print batch of letters, LTV notices' own titles (docs/decisions/0048).

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "print_batch_id" INTEGER;

-- AlterTable
ALTER TABLE "notice_groups" ADD COLUMN     "title" TEXT;

-- CreateTable
CREATE TABLE "print_batches" (
    "id" SERIAL NOT NULL,
    "business_date" DATE NOT NULL,
    "letters" INTEGER NOT NULL,
    "registered" INTEGER NOT NULL,
    "pages" INTEGER NOT NULL,
    "pdf_key" TEXT NOT NULL,
    "csv_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "print_batches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "print_batches_business_date_idx" ON "print_batches"("business_date");

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_print_batch_id_fkey" FOREIGN KEY ("print_batch_id") REFERENCES "print_batches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


