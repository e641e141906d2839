SELECT bytes FROM uploads WHERE id = $1
