-- The app's content pages (about, help, company profile, platform intro, tutorials) are pieces of
-- news with fixed ids below 100 that the app asks for by id (server/modules/news/content.ts).
-- The news operators write get their ids from 101 on, so they never take one of those.
SELECT setval('news_id_seq', greatest((SELECT coalesce(max(id), 0) FROM news), 100));
