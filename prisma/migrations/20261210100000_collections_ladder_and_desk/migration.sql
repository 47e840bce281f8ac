-- Collections (issue 23, docs/decisions/0048): the ladder as data, rounds, notice groups and
-- notices, the desk's call log, promises to pay and assigned collectors.

-- AlterTable
ALTER TABLE "deals" ADD COLUMN     "collector_id" INTEGER;

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "attachment_key" TEXT,
ADD COLUMN     "attachment_name" TEXT;

-- CreateTable
CREATE TABLE "collection_steps" (
    "code" TEXT NOT NULL,
    "breach_type" "BreachType" NOT NULL,
    "position" INTEGER NOT NULL,
    "notice_type" "NoticeType" NOT NULL,
    "title" TEXT NOT NULL,
    "trigger_days" INTEGER NOT NULL,
    "min_days_after_previous" INTEGER NOT NULL DEFAULT 0,
    "channels" "NotificationChannel"[],
    "registered" BOOLEAN NOT NULL DEFAULT false,
    "deadline_days" INTEGER NOT NULL DEFAULT 14,
    "auto_send" BOOLEAN NOT NULL DEFAULT true,
    "disabled_by" "NoticeDisablingSetting",
    "cost_of_recovery" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "collection_steps_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "collection_rounds" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "breach_type" "BreachType" NOT NULL,
    "breach_id" INTEGER,
    "started_on" DATE NOT NULL,
    "ended_on" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collection_rounds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notice_groups" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "round_id" INTEGER,
    "step_code" TEXT,
    "notice_type" "NoticeType" NOT NULL,
    "state" "NoticeState" NOT NULL DEFAULT 'PREPARED',
    "date" DATE NOT NULL,
    "deadline" DATE NOT NULL,
    "channels" "NotificationChannel"[],
    "registered" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT,
    "created_by_id" INTEGER,
    "sent_by_id" INTEGER,
    "sent_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "cancel_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notice_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notices" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "person_id" INTEGER NOT NULL,
    "role" "PersonRole" NOT NULL,
    "channel" "NotificationChannel" NOT NULL,
    "state" "NoticeState" NOT NULL DEFAULT 'PREPARED',
    "recipient" TEXT NOT NULL,
    "content" JSONB,
    "pdf_key" TEXT,
    "pdf_sha256" TEXT,
    "notification_id" INTEGER,
    "sent_at" TIMESTAMPTZ(3),
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collection_calls" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "person_id" INTEGER,
    "called_at" TIMESTAMPTZ(3) NOT NULL,
    "outcome" "CallOutcome" NOT NULL,
    "note" TEXT,
    "next_action_on" DATE,
    "created_by_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collection_calls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promises_to_pay" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "call_id" INTEGER,
    "made_on" DATE NOT NULL,
    "promised_on" DATE NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'OPEN',
    "paid_amount" DECIMAL(14,2),
    "resolved_on" DATE,
    "created_by_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "promises_to_pay_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "collection_steps_breach_type_position_key" ON "collection_steps"("breach_type", "position");

-- CreateIndex
CREATE INDEX "collection_rounds_deal_id_breach_type_idx" ON "collection_rounds"("deal_id", "breach_type");

-- CreateIndex
CREATE INDEX "notice_groups_deal_id_id_idx" ON "notice_groups"("deal_id", "id");

-- CreateIndex
CREATE INDEX "notice_groups_state_date_idx" ON "notice_groups"("state", "date");

-- CreateIndex
CREATE UNIQUE INDEX "notice_groups_round_id_step_code_key" ON "notice_groups"("round_id", "step_code");

-- CreateIndex
CREATE UNIQUE INDEX "notices_notification_id_key" ON "notices"("notification_id");

-- CreateIndex
CREATE INDEX "notices_state_channel_idx" ON "notices"("state", "channel");

-- CreateIndex
CREATE UNIQUE INDEX "notices_group_id_person_id_channel_key" ON "notices"("group_id", "person_id", "channel");

-- CreateIndex
CREATE INDEX "collection_calls_deal_id_called_at_idx" ON "collection_calls"("deal_id", "called_at");

-- CreateIndex
CREATE INDEX "promises_to_pay_deal_id_promised_on_idx" ON "promises_to_pay"("deal_id", "promised_on");

-- CreateIndex
CREATE INDEX "promises_to_pay_state_promised_on_idx" ON "promises_to_pay"("state", "promised_on");

-- CreateIndex
CREATE INDEX "deals_collector_id_idx" ON "deals"("collector_id");

-- AddForeignKey
ALTER TABLE "collection_rounds" ADD CONSTRAINT "collection_rounds_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collection_rounds" ADD CONSTRAINT "collection_rounds_breach_id_fkey" FOREIGN KEY ("breach_id") REFERENCES "breaches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notice_groups" ADD CONSTRAINT "notice_groups_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notice_groups" ADD CONSTRAINT "notice_groups_round_id_fkey" FOREIGN KEY ("round_id") REFERENCES "collection_rounds"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notice_groups" ADD CONSTRAINT "notice_groups_step_code_fkey" FOREIGN KEY ("step_code") REFERENCES "collection_steps"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notices" ADD CONSTRAINT "notices_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "notice_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notices" ADD CONSTRAINT "notices_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "notifications"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collection_calls" ADD CONSTRAINT "collection_calls_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_call_id_fkey" FOREIGN KEY ("call_id") REFERENCES "collection_calls"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- One open round per deal and breach type (a payment delay, or one UNDELIVERED_* breach).
CREATE UNIQUE INDEX "collection_rounds_open_key" ON "collection_rounds"("deal_id", "breach_type") WHERE "ended_on" IS NULL;

ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_state_check" CHECK ("state" IN ('OPEN', 'KEPT', 'BROKEN', 'CANCELLED'));
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_amount_check" CHECK ("amount" > 0);
ALTER TABLE "collection_steps" ADD CONSTRAINT "collection_steps_days_check" CHECK ("trigger_days" >= 0 AND "min_days_after_previous" >= 0 AND "deadline_days" > 0);

-- The ladder of SERVICING.md §6. NON_PAYING: days past due of the payment delay; UNDELIVERED_*:
-- days since the breach began. Acceleration waits for staff (four-eyes) and comes only after a
-- default longer than three months and at least 30 days after the call before acceleration.
INSERT INTO "collection_steps" ("code", "breach_type", "position", "notice_type", "title", "trigger_days", "min_days_after_previous", "channels", "registered", "deadline_days", "auto_send", "disabled_by", "cost_of_recovery") VALUES
    ('NON_PAYING_1', 'NON_PAYING', 1, 'PAYMENT_REMINDER', 'Upomínka', 5, 0, '{EMAIL,SMS}', false, 10, true, 'DISABLE_NON_PAYING_NOTICE', true),
    ('NON_PAYING_2', 'NON_PAYING', 2, 'PAYMENT_REMINDER', 'Druhá upomínka', 15, 7, '{EMAIL,MAIL}', false, 10, true, 'DISABLE_NON_PAYING_NOTICE', false),
    ('NON_PAYING_3', 'NON_PAYING', 3, 'NON_PAYING', 'Výzva před zesplatněním', 45, 14, '{MAIL,EMAIL}', true, 30, true, 'DISABLE_NON_PAYING_NOTICE', false),
    ('NON_PAYING_4', 'NON_PAYING', 4, 'ACCELERATION', 'Oznámení o zesplatnění', 91, 30, '{MAIL,EMAIL}', true, 15, false, 'DISABLE_NON_PAYING_NOTICE', false),
    ('UNDELIVERED_BLOCKAGE_AGREEMENT_1', 'UNDELIVERED_BLOCKAGE_AGREEMENT', 1, 'BLOCKAGE_AGREEMENT', 'Výzva k dodání blokační smlouvy', 0, 0, '{EMAIL,MAIL}', false, 14, true, 'DISABLE_BLOCKAGE_AGREEMENT_NOTICE', false),
    ('UNDELIVERED_BLOCKAGE_AGREEMENT_2', 'UNDELIVERED_BLOCKAGE_AGREEMENT', 2, 'BLOCKAGE_AGREEMENT', 'Opakovaná výzva k dodání blokační smlouvy', 14, 14, '{EMAIL,MAIL}', true, 14, true, 'DISABLE_BLOCKAGE_AGREEMENT_NOTICE', false),
    ('UNDELIVERED_NOTARIAL_DEED_1', 'UNDELIVERED_NOTARIAL_DEED', 1, 'NOTARIAL_DEED', 'Výzva k sepsání notářského zápisu', 0, 0, '{EMAIL,MAIL}', false, 14, true, 'DISABLE_NOTARIAL_DEED_NOTICE', false),
    ('UNDELIVERED_NOTARIAL_DEED_2', 'UNDELIVERED_NOTARIAL_DEED', 2, 'NOTARIAL_DEED', 'Opakovaná výzva k sepsání notářského zápisu', 14, 14, '{EMAIL,MAIL}', true, 14, true, 'DISABLE_NOTARIAL_DEED_NOTICE', false),
    ('UNDELIVERED_PLEDGE_RIGHT_1', 'UNDELIVERED_PLEDGE_RIGHT', 1, 'UNDELIVERED_DOCUMENTS', 'Výzva k doložení zástavního práva', 0, 0, '{EMAIL,MAIL}', false, 14, true, NULL, false),
    ('UNDELIVERED_PLEDGE_RIGHT_2', 'UNDELIVERED_PLEDGE_RIGHT', 2, 'UNDELIVERED_DOCUMENTS', 'Opakovaná výzva k doložení zástavního práva', 14, 14, '{EMAIL,MAIL}', true, 14, true, NULL, false),
    ('UNDELIVERED_INCOME_TAX_EVIDENCE_1', 'UNDELIVERED_INCOME_TAX_EVIDENCE', 1, 'UNDELIVERED_DOCUMENTS', 'Výzva k dodání daňového přiznání', 0, 0, '{EMAIL,MAIL}', false, 14, true, NULL, false),
    ('UNDELIVERED_INCOME_TAX_EVIDENCE_2', 'UNDELIVERED_INCOME_TAX_EVIDENCE', 2, 'UNDELIVERED_DOCUMENTS', 'Opakovaná výzva k dodání daňového přiznání', 14, 14, '{EMAIL,MAIL}', true, 14, true, NULL, false),
    ('UNDELIVERED_THIRD_PARTY_EVIDENCE_1', 'UNDELIVERED_THIRD_PARTY_EVIDENCE', 1, 'UNDELIVERED_DOCUMENTS', 'Výzva k dodání potvrzení třetí strany', 0, 0, '{EMAIL,MAIL}', false, 14, true, NULL, false),
    ('UNDELIVERED_THIRD_PARTY_EVIDENCE_2', 'UNDELIVERED_THIRD_PARTY_EVIDENCE', 2, 'UNDELIVERED_DOCUMENTS', 'Opakovaná výzva k dodání potvrzení třetí strany', 14, 14, '{EMAIL,MAIL}', true, 14, true, NULL, false),
    ('UNDELIVERED_OTHER_DOCUMENTS_1', 'UNDELIVERED_OTHER_DOCUMENTS', 1, 'UNDELIVERED_DOCUMENTS', 'Výzva k dodání dokumentů', 0, 0, '{EMAIL,MAIL}', false, 14, true, NULL, false),
    ('UNDELIVERED_OTHER_DOCUMENTS_2', 'UNDELIVERED_OTHER_DOCUMENTS', 2, 'UNDELIVERED_DOCUMENTS', 'Opakovaná výzva k dodání dokumentů', 14, 14, '{EMAIL,MAIL}', true, 14, true, NULL, false),
    ('UNDELIVERED_OTHER_1', 'UNDELIVERED_OTHER', 1, 'UNDELIVERED_DOCUMENTS', 'Výzva ke splnění povinnosti ze smlouvy', 0, 0, '{EMAIL,MAIL}', false, 14, true, NULL, false),
    ('UNDELIVERED_OTHER_2', 'UNDELIVERED_OTHER', 2, 'UNDELIVERED_DOCUMENTS', 'Opakovaná výzva ke splnění povinnosti ze smlouvy', 14, 14, '{EMAIL,MAIL}', true, 14, true, NULL, false);

-- Acceleration (zesplatnění) is four-eyes (ROLES.md).
INSERT INTO "four_eyes_settings" ("action", "enabled", "threshold") VALUES ('NOTICE_ACCELERATION', true, NULL);

-- Costs of recovery name the overdue claim they are charged for (NV 351/2013 Sb. § 2: per claim),
-- at most once per claim.
ALTER TABLE "claims" DROP CONSTRAINT "claims_source_only_for_penalty_interest";
ALTER TABLE "claims" ADD CONSTRAINT "claims_source_only_for_penalty_interest" CHECK ("source_claim_id" IS NULL OR "type" IN ('PENALTY_INTEREST', 'COST_OF_RECOVERY'));
CREATE UNIQUE INDEX "claims_one_cost_of_recovery_per_source" ON "claims"("source_claim_id") WHERE "type" = 'COST_OF_RECOVERY' AND "cancelled_at" IS NULL;
