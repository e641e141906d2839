-- Up Migration
-- Units, users, roles, server-side sessions and pending OIDC logins (walking skeleton).

CREATE TABLE units (
  id               bigserial PRIMARY KEY,
  institutional_id text NOT NULL UNIQUE,
  name             text NOT NULL,
  parent_id        bigint REFERENCES units (id),
  is_active        boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id            bigserial PRIMARY KEY,
  iss           text NOT NULL,
  sub           text NOT NULL,
  email         text,
  name          text,
  person_number bigint,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  UNIQUE (iss, sub)
);
CREATE INDEX users_person_number_idx ON users (person_number);

CREATE TYPE user_role AS ENUM ('standard', 'principal', 'backoffice', 'admin');

CREATE TABLE user_roles (
  id      bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role    user_role NOT NULL,
  unit_id bigint REFERENCES units (id) ON DELETE CASCADE,
  -- unit-scoped roles need a unit, global roles must not have one
  CHECK ((role IN ('standard', 'principal')) = (unit_id IS NOT NULL)),
  UNIQUE NULLS NOT DISTINCT (user_id, role, unit_id)
);

-- connect-pg-simple's table, owned by our migrations rather than created at run time.
CREATE TABLE session (
  sid    varchar NOT NULL PRIMARY KEY,
  sess   json NOT NULL,
  expire timestamp(6) NOT NULL
);
CREATE INDEX session_expire_idx ON session (expire);

-- One row per login in progress: PKCE verifier, state and nonce never leave the server. The
-- browser is bound by the hash of a random value held in its own short-lived auth_tx cookie.
CREATE TABLE pending_logins (
  state         text PRIMARY KEY,
  browser_hash  text NOT NULL,
  code_verifier text NOT NULL,
  nonce         text NOT NULL,
  return_to     text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_logins_created_at_idx ON pending_logins (created_at);

-- Down Migration
DROP TABLE pending_logins;
DROP TABLE session;
DROP TABLE user_roles;
DROP TYPE user_role;
DROP TABLE users;
DROP TABLE units;
