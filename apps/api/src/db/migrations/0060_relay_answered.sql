-- When the operator marked a visitor's request answered (null: still open). An answered request
-- is no longer flagged as due soon in the Requests list.
alter table relay_requests add column answered_at timestamptz;
