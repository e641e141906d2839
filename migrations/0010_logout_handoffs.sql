-- Up Migration
-- RP-initiated logout without handing the ID token to the browser. At logout the BFF keeps the
-- ended session's ID token here, under the hash of a single-use value the browser holds in a
-- cookie; the browser then opens a BFF route that takes the row (once) and redirects to the
-- identity provider with the token as id_token_hint (bff/src/auth/logoutHandoff.ts).
CREATE TABLE logout_handoffs (
  token_hash text PRIMARY KEY,
  id_token   text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX logout_handoffs_created_at_idx ON logout_handoffs (created_at);

-- Down Migration
DROP TABLE logout_handoffs;
