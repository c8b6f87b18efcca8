-- How many days a site's recorder keeps footage is the operator's to say: null means "not stated",
-- shown to the public as such, and the workspace asks the operator for it. Until now the column
-- defaulted to 30 and sign-up never asked, so the public read "30 days" that nobody had said.
-- The check (1 to 3650 days) stays; a null passes it.
alter table sites alter column retention_days drop default;
alter table sites alter column retention_days drop not null;

-- Existing rows. A site made at sign-up (in the same transaction as its company, so with the same
-- created_at) that still holds 30 got it from the default: its operator was never asked, so it
-- becomes "not stated" and the operator is asked on their next visit. Asking once more costs one
-- edit; keeping it would go on telling visitors a figure that may be wrong (a recorder that
-- overwrites after 14 days shown as keeping 30). Every other value was typed or kept on the site
-- form, which showed the field, so it stays as it is. The update fires the sign look-up trigger of
-- 0110, so every instance drops those sites' cached look-ups at commit.
update sites s
   set retention_days = null
  from companies c
 where c.id = s.company_id
   and s.created_at = c.created_at
   and s.retention_days = 30;
