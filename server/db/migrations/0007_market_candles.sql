-- Market data (docs/architecture.md, "Market data"): candles per symbol and period, updated by one
-- upsert per tick for all periods at once (never recomputed from all ticks). Prices and volumes
-- are quotes, not balances: numeric, carried as decimal text. `simulated` marks candles of the
-- simulated feed (the embedded default without network), which the API and the app label.
CREATE TABLE market_candles (
  symbol     text NOT NULL,
  period     text NOT NULL CHECK (period IN ('1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon')),
  open_time  timestamptz NOT NULL,
  open       numeric(38, 12) NOT NULL,
  high       numeric(38, 12) NOT NULL,
  low        numeric(38, 12) NOT NULL,
  close      numeric(38, 12) NOT NULL,
  volume     numeric(38, 12) NOT NULL,
  -- The first and last tick in the candle: a late tick changes neither its open nor its close.
  first_at   timestamptz NOT NULL,
  last_at    timestamptz NOT NULL,
  simulated  boolean NOT NULL,
  PRIMARY KEY (symbol, period, open_time)
);
