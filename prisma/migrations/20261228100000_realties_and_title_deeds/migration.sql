-- AlterTable
ALTER TABLE "realty_groups" ADD COLUMN     "ltv" DECIMAL(20,2);

-- AlterTable
ALTER TABLE "realty_group_realties" ADD COLUMN     "ltv" DECIMAL(20,2);

-- CreateIndex
CREATE INDEX "realty_group_realties_ltv_realty_id_idx" ON "realty_group_realties"("ltv", "realty_id");

-- AlterTable
ALTER TABLE "cadastral_locations" ADD COLUMN     "sandbox" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "search_key" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "title_deeds" ADD COLUMN     "as_of" TIMESTAMPTZ(3),
ADD COLUMN     "data_key" TEXT,
ADD COLUMN     "ordered_by_id" INTEGER,
ADD COLUMN     "provider" TEXT NOT NULL DEFAULT 'sandbox',
ADD COLUMN     "search_text" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "purchased_properties" (
    "id" SERIAL NOT NULL,
    "realty_id" INTEGER NOT NULL,
    "deal_id" INTEGER,
    "state" "PurchasedPropertyState" NOT NULL DEFAULT 'ACQUISITION',
    "purchase_price" DECIMAL(14,2),
    "purchased_on" DATE,
    "sale_price" DECIMAL(14,2),
    "sold_on" DATE,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "purchased_properties_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collateral_alerts" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "realty_id" INTEGER NOT NULL,
    "title_deed_id" INTEGER NOT NULL,
    "previous_title_deed_id" INTEGER,
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collateral_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "purchased_properties_realty_id_key" ON "purchased_properties"("realty_id");

-- CreateIndex
CREATE INDEX "purchased_properties_state_id_idx" ON "purchased_properties"("state", "id");

-- CreateIndex
CREATE INDEX "purchased_properties_deal_id_idx" ON "purchased_properties"("deal_id");

-- CreateIndex
CREATE INDEX "collateral_alerts_deal_id_created_at_idx" ON "collateral_alerts"("deal_id", "created_at");

-- CreateIndex
CREATE INDEX "collateral_alerts_realty_id_idx" ON "collateral_alerts"("realty_id");

-- CreateIndex
CREATE INDEX "collateral_alerts_title_deed_id_idx" ON "collateral_alerts"("title_deed_id");

-- CreateIndex
CREATE INDEX "realty_groups_ltv_idx" ON "realty_groups"("ltv");

-- CreateIndex
CREATE INDEX "title_deeds_cadastral_location_code_lv_number_downloaded_at_idx" ON "title_deeds"("cadastral_location_code", "lv_number", "downloaded_at");

-- CreateIndex
CREATE INDEX "title_deeds_downloaded_at_id_idx" ON "title_deeds"("downloaded_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "realties_lv_number_idx" ON "realties"("lv_number");

-- AddForeignKey
ALTER TABLE "purchased_properties" ADD CONSTRAINT "purchased_properties_realty_id_fkey" FOREIGN KEY ("realty_id") REFERENCES "realties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "purchased_properties" ADD CONSTRAINT "purchased_properties_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collateral_alerts" ADD CONSTRAINT "collateral_alerts_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collateral_alerts" ADD CONSTRAINT "collateral_alerts_realty_id_fkey" FOREIGN KEY ("realty_id") REFERENCES "realties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collateral_alerts" ADD CONSTRAINT "collateral_alerts_title_deed_id_fkey" FOREIGN KEY ("title_deed_id") REFERENCES "title_deeds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collateral_alerts" ADD CONSTRAINT "collateral_alerts_previous_title_deed_id_fkey" FOREIGN KEY ("previous_title_deed_id") REFERENCES "title_deeds"("id") ON DELETE SET NULL ON UPDATE CASCADE;



-- Searches: the title deeds' and the purchased properties' text, trigram-indexed (ILIKE '%…%').
CREATE INDEX "title_deeds_search_text_trgm_idx" ON "title_deeds" USING GIN ("search_text" gin_trgm_ops);
-- The realties' search: address and territory folded like the query (lower case, no diacritics;
-- foldAccentsSql in integrations/address/normalize.ts), kept by PostgreSQL itself for every
-- writer, trigram-indexed; the LV number arm of the search has its own index above.
ALTER TABLE "realties" ADD COLUMN "search_key" TEXT GENERATED ALWAYS AS (lower(translate(coalesce("whole_address", '') || ' | ' || coalesce("cadastral_area_name", ''), 'áäčďéěíĺľňóôŕřšťúůýžÁÄČĎÉĚÍĹĽŇÓÔŔŘŠŤÚŮÝŽ', 'aacdeeillnoorrstuuyzaacdeeillnoorrstuuyz'))) STORED;
CREATE INDEX "realties_search_key_trgm_idx" ON "realties" USING GIN ("search_key" gin_trgm_ops);
-- The watch and the alerts list look for a deal's open alerts.
CREATE INDEX "collateral_alerts_open_idx" ON "collateral_alerts" ("deal_id") WHERE "resolved_at" IS NULL;
