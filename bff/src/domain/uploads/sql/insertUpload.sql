-- A CSV body as received (bytes, not text: a file that is not UTF-8 is reported by the job).
INSERT INTO uploads (sha256, bytes, content, created_by)
VALUES ($1, $2, $3, $4)
RETURNING id
