-- Up Migration
-- Accounts on the access page (bff/src/domain/access/). A person whose identity provider changed
-- its issuer signs in as a new account, `(iss, sub)` being a user's identity: the page showed both
-- rows alike, and a role granted on the old one went to an account nobody signs in with. The page
-- now shows each account's issuer and last sign-in (`users.last_login_at`, kept since 0001 and set
-- at each code exchange), and an administrator merges one account into another
-- (bff/src/domain/access/merge.ts): its roles and history go to the other, and it is removed.
--
-- What a merge leaves behind: the merged account's identity, so that a sign-in with it lands on
-- the account it was merged into instead of creating the duplicate again, and so that the audit
-- trail, whose lines keep the old account's id (they are never changed), is read under the new
-- one. A merge of the surviving account later carries these rows along (into_user_id follows).
CREATE TABLE user_merges (
  -- The removed account's id, as the audit lines still name it (no foreign key: it is gone).
  merged_user_id bigint PRIMARY KEY,
  iss            text NOT NULL,
  sub            text NOT NULL,
  into_user_id   bigint NOT NULL REFERENCES users (id),
  merged_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (iss, sub)
);
CREATE INDEX user_merges_into_idx ON user_merges (into_user_id);

-- The access page names, on each account, the other accounts of the same person: same person
-- number (indexed since 0001) or same email, in any case.
CREATE INDEX users_email_idx ON users (lower(email));

-- Down Migration
DROP INDEX users_email_idx;
DROP TABLE user_merges;
