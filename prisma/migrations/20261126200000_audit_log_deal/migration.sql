-- A deal's history (GET /audit-log/?deal=): the entries of its parts name it in changes.deal_id.
CREATE INDEX "audit_log_deal_id_idx" ON "audit_log" ((changes -> 'deal_id'));
