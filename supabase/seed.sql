-- Sample data for local development only (the Supabase CLI runs this after
-- the migrations on `supabase db reset`; the embedded backend runs it once on
-- a fresh data dir). Never run against production.

insert into public.contact_submissions (name, email, company, message, created_at) values
  ('Ada Example', 'ada@example.com', 'Example Ltd', 'We would like a demo of the enterprise plan for 40 people.', now() - interval '2 days'),
  ('Ben Sample', 'ben@example.org', null, 'Does Decksmith work with our brand fonts?', now() - interval '1 day');
