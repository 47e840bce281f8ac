-- Four-eyes approvals (ROLES.md §2, docs/decisions/0045): an action marked four-eyes waits here
-- until another user approves it; the settings say which actions, from what amount, how long.
CREATE TABLE "approval_requests" (
    "id" SERIAL NOT NULL,
    "action" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'PENDING',
    "summary" TEXT NOT NULL,
    "deal_id" INTEGER,
    "amount" DECIMAL(14,2),
    "input" JSONB NOT NULL,
    "maker_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "decided_by_id" INTEGER,
    "decided_at" TIMESTAMPTZ(3),
    "reason" TEXT,
    "failure" TEXT,
    "result" JSONB,

    CONSTRAINT "approval_requests_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "approval_requests_state_check" CHECK ("state" IN ('PENDING', 'EXECUTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED', 'FAILED')),
    -- Four eyes: whoever decided is not whoever asked.
    CONSTRAINT "approval_requests_checker_check" CHECK ("decided_by_id" IS NULL OR "decided_by_id" <> "maker_id" OR "state" = 'WITHDRAWN')
);

CREATE INDEX "approval_requests_state_created_at_idx" ON "approval_requests"("state", "created_at");
CREATE INDEX "approval_requests_deal_id_idx" ON "approval_requests"("deal_id");
CREATE INDEX "approval_requests_maker_id_idx" ON "approval_requests"("maker_id");

ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_id_fkey" FOREIGN KEY ("maker_id") REFERENCES "staff_users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "staff_users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "four_eyes_settings" (
    "action" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "threshold" DECIMAL(14,2),
    "expires_after_days" INTEGER NOT NULL DEFAULT 7,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "four_eyes_settings_pkey" PRIMARY KEY ("action"),
    CONSTRAINT "four_eyes_settings_expiry_check" CHECK ("expires_after_days" BETWEEN 1 AND 90),
    CONSTRAINT "four_eyes_settings_threshold_check" CHECK ("threshold" IS NULL OR "threshold" >= 0)
);

-- ROLES.md §2: every listed action four-eyes; manual claims under 500 Kč need none.
INSERT INTO "four_eyes_settings" ("action", "enabled", "threshold") VALUES
    ('DEAL_ACTIVATE', true, NULL),
    ('DEAL_CLOSE', true, NULL),
    ('CLAIM_CREATE', true, 500.00),
    ('CLAIM_UPDATE', true, 500.00),
    ('CLAIM_CANCEL', true, 500.00),
    ('DEAL_MODEL_ACTIVATE', true, NULL),
    ('PAYMENT_ORDER', true, NULL);
