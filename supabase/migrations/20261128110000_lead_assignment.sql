-- Every lead answered in time (docs/decisions/0094-lead-assignment-reminders-response-time.md): a lead has an
-- owner on the team, the owner is told by e-mail, a lead still «nuevo» when its answer period (working hours,
-- computed by the site server) has run out is reminded once, and the first response is timed.
--
-- The site server (src/host/leadReminders/) does the mail through two calls that claim a row and queue its
-- message in one transaction, so a restart loses nothing and two servers never send the same one.

alter table public.leads
  -- The member of the team who owns the lead (an auth user id of public.staff), null when nobody does. Removing
  -- someone from the team leaves their leads unassigned, so their reminders go to the admins again.
  add column assigned_to uuid constraint leads_assigned_to_staff references public.staff (user_id) on delete set null,
  -- The assignee last told by e-mail: a lead whose assigned_to differs has an assignment mail to send.
  add column assignee_notified uuid,
  -- When the answer is due: the creation plus the answer period in working hours, as the server's settings
  -- said when it first saw the lead (LEADS_ANSWER_HOURS, LEADS_WORKING_HOURS, ...). Null until then.
  add column answer_due_at timestamptz,
  -- When the one reminder for an overdue lead was queued.
  add column reminded_at timestamptz,
  -- The first response: the first change out of «nuevo», or the first reply link used (lead_replied).
  add column first_response_at timestamptz;

create index leads_assigned_to_idx on public.leads (assigned_to);
-- What the server looks for every few seconds: due dates to compute, reminders due, assignment mails to send.
create index leads_answer_due_idx on public.leads (answer_due_at) where status = 'nuevo' and reminded_at is null;
create index leads_unscheduled_idx on public.leads (created_at) where answer_due_at is null;

-- updated_at is the edit-conflict precondition (docs/decisions/0066-edit-conflicts-by-precondition.md): the
-- server's bookkeeping (due time, reminder, assignment mail, response time) is no edit of staff, so it leaves
-- updated_at alone and never makes a colleague's save look like a conflict.
create function public.leads_set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  bookkeeping constant text[] := array['updated_at', 'assignee_notified', 'answer_due_at', 'reminded_at', 'first_response_at'];
begin
  if (to_jsonb(new) - bookkeeping) is distinct from (to_jsonb(old) - bookkeeping) then
    new.updated_at := now();
  end if;
  -- A new assignee has not been told yet, unless they took the lead themselves.
  if new.assigned_to is distinct from old.assigned_to then
    new.assignee_notified := case when new.assigned_to = (select auth.uid()) then new.assigned_to end;
  end if;
  -- The first change out of «nuevo» is the first response (a later one, or a return to «nuevo», is not).
  if old.status = 'nuevo' and new.status <> 'nuevo' and new.first_response_at is null then
    new.first_response_at := now();
  end if;
  return new;
end;
$$;
drop trigger leads_set_updated_at on public.leads;
create trigger leads_set_updated_at before update on public.leads
  for each row execute function public.leads_set_updated_at();

-- Leads stored before reminders existed are known to the team already: no reminder burst on the first start.
update public.leads set reminded_at = now();

-- Staff change a lead's status, notes and assignee; the bookkeeping columns are the server's (and the
-- database's) only, so nobody can fake a response time or silence a reminder.
revoke update on public.leads from authenticated;
grant update (status, notes, assigned_to) on public.leads to authenticated;

-- Automatic assignment, per service, set by admins: a new lead for that service goes to that person.
-- service is a service page's slug, or '' for general enquiries (as lead_counts keys them).
create table public.lead_assignment_rules (
  service text primary key check (length(service) <= 120),
  user_id uuid not null references public.staff (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index lead_assignment_rules_user_id_idx on public.lead_assignment_rules (user_id);
create trigger lead_assignment_rules_set_updated_at before update on public.lead_assignment_rules
  for each row execute function public.set_updated_at();

alter table public.lead_assignment_rules enable row level security;
create policy "staff read the assignment rules" on public.lead_assignment_rules
  for select to authenticated using ((select public.is_staff()));
create policy "admins add assignment rules" on public.lead_assignment_rules
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins change assignment rules" on public.lead_assignment_rules
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins remove assignment rules" on public.lead_assignment_rules
  for delete to authenticated using ((select public.is_admin()));
-- Two-factor enforcement, as every writable table has it (docs/decisions/0057-two-factor-enforced-by-rls.md).
create policy "two-factor: aal2 to insert" on public.lead_assignment_rules as restrictive for insert to authenticated
  with check ((select auth.jwt() ->> 'aal') = 'aal2' or not (select public.two_factor_required()));
create policy "two-factor: aal2 to update" on public.lead_assignment_rules as restrictive for update to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2' or not (select public.two_factor_required()));
create policy "two-factor: aal2 to delete" on public.lead_assignment_rules as restrictive for delete to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2' or not (select public.two_factor_required()));
revoke all on public.lead_assignment_rules from anon, authenticated;
grant select, insert (service, user_id), update (user_id), delete on public.lead_assignment_rules to authenticated;
grant all on public.lead_assignment_rules to service_role;

-- A new lead without an owner takes its service's rule, whoever inserts it (the form's accept_lead included).
create function public.leads_assign_by_rule() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.assigned_to is null then
    select r.user_id into new.assigned_to from public.lead_assignment_rules r where r.service = coalesce(new.service, '');
  end if;
  return new;
end;
$$;
revoke execute on function public.leads_assign_by_rule() from public, anon, authenticated;
create trigger leads_assign_by_rule before insert on public.leads
  for each row execute function public.leads_assign_by_rule();

-- Who a lead can be assigned to: the team's user ids and e-mails. Every member of staff may read it (editors
-- assign too, and public.staff shows them only their own row); anybody else gets an empty list.
create function public.lead_assignees()
returns table (user_id uuid, email text)
language sql
stable
security definer
set search_path = ''
as $$
  select s.user_id, u.email::text
  from public.staff s join auth.users u on u.id = s.user_id
  where (select public.is_staff())
  order by u.email;
$$;
revoke execute on function public.lead_assignees() from public, anon;
grant execute on function public.lead_assignees() to authenticated, service_role;

-- Assigns leads (one from its detail, several from the list) under the edit-conflict rule: each lead given as
-- {"id", "updated_at"} is written only if it is still that version; the rows written are returned, so the
-- admin tells which ones another person changed first. security invoker: row-level security (and two-factor
-- enforcement) decide as for any update. An assignee who is not (or no longer) on the team is refused with
-- a hint the admin explains.
create function public.assign_leads(leads jsonb, assignee uuid)
returns setof public.leads
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if assignee is not null and not exists (select 1 from public.lead_assignees() a where a.user_id = assignee) then
    raise exception 'The assignee is not a member of the team' using errcode = '23503', hint = 'assignee_not_staff';
  end if;
  return query
    update public.leads l set assigned_to = assignee
    from jsonb_to_recordset(leads) as v(id uuid, updated_at timestamptz)
    where l.id = v.id and l.updated_at = v.updated_at
    returning l.*;
end;
$$;
revoke execute on function public.assign_leads(jsonb, uuid) from public, anon;
grant execute on function public.assign_leads(jsonb, uuid) to authenticated, service_role;

-- A reply link (e-mail, phone, WhatsApp) used in the admin: the first one is the lead's first response,
-- if nothing came first. security definer because first_response_at is not writable by staff; it writes
-- nothing else, and only for staff.
create function public.lead_replied(lead uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.leads set first_response_at = now()
  where id = lead and first_response_at is null and (select public.is_staff());
$$;
revoke execute on function public.lead_replied(uuid) from public, anon;
grant execute on function public.lead_replied(uuid) to authenticated, service_role;

-- The server's work list, for the service role only (it reads auth.users): leads without a due time yet,
-- assignment mails to send (with the assignee's e-mail) and reminders due (with the assignee's e-mail, or
-- null when nobody owns the lead). At most `batch` of each, oldest first.
create function public.lead_follow_ups(batch integer)
returns table (kind text, id uuid, created_at timestamptz, assignee uuid, assignee_email text)
language sql
stable
security definer
set search_path = ''
as $$
  (select 'schedule', l.id, l.created_at, l.assigned_to, null::text
   from public.leads l where l.answer_due_at is null order by l.created_at limit batch)
  union all
  (select 'assigned', l.id, l.created_at, l.assigned_to, u.email::text
   from public.leads l join auth.users u on u.id = l.assigned_to
   where l.assignee_notified is distinct from l.assigned_to order by l.updated_at limit batch)
  union all
  (select 'reminder', l.id, l.created_at, l.assigned_to, u.email::text
   from public.leads l left join auth.users u on u.id = l.assigned_to
   where l.status = 'nuevo' and l.reminded_at is null and l.first_response_at is null and l.answer_due_at <= now()
   order by l.answer_due_at limit batch)
$$;
revoke execute on function public.lead_follow_ups(integer) from public, anon, authenticated;
grant execute on function public.lead_follow_ups(integer) to service_role;

-- The admins' e-mails: who gets the reminder of a lead nobody owns. Service role only.
create function public.admin_emails()
returns table (email text)
language sql
stable
security definer
set search_path = ''
as $$
  select u.email::text from public.staff s join auth.users u on u.id = s.user_id where s.role = 'admin' order by u.email;
$$;
revoke execute on function public.admin_emails() from public, anon, authenticated;
grant execute on function public.admin_emails() to service_role;

-- Sets due times the server computed ([{"id", "due"}]); a lead that has one keeps it.
create function public.schedule_leads(items jsonb)
returns integer
language sql
set search_path = ''
as $$
  with written as (
    update public.leads l set answer_due_at = v.due
    from jsonb_to_recordset(items) as v(id uuid, due timestamptz)
    where l.id = v.id and l.answer_due_at is null
    returning 1
  )
  select count(*)::integer from written;
$$;
revoke execute on function public.schedule_leads(jsonb) from public, anon, authenticated;
grant execute on function public.schedule_leads(jsonb) to service_role;

-- Claims a lead's assignment mail and queues it in one transaction: true when this call did (the lead is
-- still assigned to `assignee`, who has not been told), false when another server or call did first, or the
-- lead changed hands meanwhile (the next pass sends the new assignee's).
create function public.queue_assignment_mail(lead uuid, assignee uuid, message jsonb)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.leads set assignee_notified = assignee
  where id = lead and assigned_to = assignee and assignee_notified is distinct from assignee;
  if not found then
    return false;
  end if;
  insert into public.mail_queue (message) values (message);
  return true;
end;
$$;
revoke execute on function public.queue_assignment_mail(uuid, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.queue_assignment_mail(uuid, uuid, jsonb) to service_role;

-- Claims a lead's one reminder and queues its messages (one per recipient) in one transaction: true when
-- this call did; false when it was sent already, or the lead was answered, reassigned or deleted meanwhile
-- (`assignee` is who the messages were written for; the next pass writes them again for the new one).
create function public.queue_lead_reminder(lead uuid, assignee uuid, messages jsonb)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.leads set reminded_at = now()
  where id = lead and reminded_at is null and status = 'nuevo' and first_response_at is null and answer_due_at <= now()
    and assigned_to is not distinct from assignee;
  if not found then
    return false;
  end if;
  insert into public.mail_queue (message) select m from jsonb_array_elements(messages) m;
  return true;
end;
$$;
revoke execute on function public.queue_lead_reminder(uuid, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.queue_lead_reminder(uuid, uuid, jsonb) to service_role;

-- The dashboard's response times for leads received since a moment (spam left out): how many were answered,
-- the median time to the first response (seconds), and of the leads whose outcome is known (answered, or
-- overdue and still unanswered), how many were answered by their due time. Leads from before response
-- times were recorded (answered, but with no first_response_at) are not counted. security invoker: only
-- staff count anything.
create function public.lead_response_times(since timestamptz)
returns table (answered bigint, median_seconds double precision, measured bigint, within bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select
    count(*) filter (where first_response_at is not null),
    percentile_cont(0.5) within group (order by extract(epoch from first_response_at - created_at))
      filter (where first_response_at is not null),
    count(*) filter (where first_response_at is not null and answer_due_at is not null
      or status = 'nuevo' and first_response_at is null and answer_due_at <= now()),
    count(*) filter (where first_response_at is not null and first_response_at <= answer_due_at)
  from public.leads
  where created_at >= since and status <> 'spam';
$$;
revoke execute on function public.lead_response_times(timestamptz) from public, anon;
grant execute on function public.lead_response_times(timestamptz) to authenticated, service_role;
