-- One slice of an upload's body ($2: 1-based byte offset, $3: length). The column is stored
-- uncompressed, so only the chunks of the slice are read.
SELECT substring(content FROM $2 FOR $3) AS chunk FROM uploads WHERE id = $1
