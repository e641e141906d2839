SELECT * FROM data_ingestion_jobs WHERE id = $1
