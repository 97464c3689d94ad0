-- Ledger throughput (issue 4): leave room on each page of user accounts so a balance update
-- stays a heap-only tuple (no index writes), and lock the balance check's rows cheaply.
ALTER TABLE ledger_accounts SET (fillfactor = 70);
