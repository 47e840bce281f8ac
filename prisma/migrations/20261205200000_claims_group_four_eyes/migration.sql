-- A change or cancellation of an installment (a claims group) of a serviced deal is a change of
-- what the debtor owes: four-eyes, as a claim's (ROLES.md §2, docs/decisions/0045).
INSERT INTO "four_eyes_settings" ("action", "enabled", "threshold") VALUES
    ('CLAIMS_GROUP_UPDATE', true, NULL),
    ('CLAIMS_GROUP_CANCEL', true, NULL);
