-- Reference data (no schema change): the reasons staff close a lead with
-- (POST /api/v1/leads/{id}/close/, GET /api/v1/leads/application-closed-reasons/).
-- Shipped as a migration so every environment has them; an existing code is left as it is,
-- so a name or order edited by an administrator survives a re-run.
INSERT INTO "application_closed_reasons" ("code", "name", "is_active", "order", "created_at", "updated_at") VALUES
  ('CLIENT_NOT_INTERESTED',        'Klient nemá zájem',              true, 10, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('INSUFFICIENT_INCOME',          'Nedostatečný příjem',            true, 20, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('NEGATIVE_REGISTER_INSOLVENCY', 'Negativní registr / insolvence', true, 30, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('EXECUTION',                    'Exekuce',                        true, 40, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('INSUFFICIENT_COLLATERAL',      'Nedostatečné zajištění',         true, 50, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('CLIENT_UNREACHABLE',           'Nedosažitelný klient',           true, 60, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('DUPLICATE_APPLICATION',        'Duplicitní žádost',              true, 70, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('SUSPECTED_FRAUD',              'Podezření na podvod',            true, 80, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('OTHER',                        'Jiný důvod',                     true, 90, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)
ON CONFLICT ("code") DO NOTHING;
