-- The digest of the factor library the database holds, if any.
SELECT digest FROM factor_library_state
