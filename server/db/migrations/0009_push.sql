-- Web Push (docs/architecture.md, "Push"): the installation's VAPID key pair, made at first use and
-- kept here so that every process and every restart signs with the same key (a new key would
-- orphan every subscription); the devices subscribed, with the channels each wants; and the
-- deliveries made, so that a piece of news reaches each device once however often it is sent.
CREATE TABLE push_keys (
  id          smallint PRIMARY KEY CHECK (id = 1),
  public_key  text NOT NULL,
  private_key text NOT NULL,
  created_at  timestamptz NOT NULL
);

CREATE TABLE push_subscriptions (
  id           bigserial PRIMARY KEY,
  user_id      uuid NOT NULL,
  endpoint     text NOT NULL UNIQUE CHECK (char_length(endpoint) <= 2048),
  p256dh       text NOT NULL,
  auth         text NOT NULL,
  channels     text[] NOT NULL CHECK (channels <@ ARRAY['trade', 'system']::text[]),
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

CREATE TABLE push_deliveries (
  subscription_id bigint NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  message         text NOT NULL,
  sent_at         timestamptz NOT NULL,
  PRIMARY KEY (subscription_id, message)
);
