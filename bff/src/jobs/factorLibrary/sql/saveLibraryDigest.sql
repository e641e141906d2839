-- Records the digest of the factor library now in the database ($1).
INSERT INTO factor_library_state (digest) VALUES ($1)
ON CONFLICT (id) DO UPDATE SET digest = EXCLUDED.digest, loaded_at = now()
