-- Registering a site is a confirmation of its details. Sites made at sign-up (the demo operator's
-- too) were stored without a date, which the public read as "Not yet confirmed": give them the
-- date they were registered, which is already when their "may be out of date" clock started.
update sites set details_confirmed_at = created_at where details_confirmed_at is null;
