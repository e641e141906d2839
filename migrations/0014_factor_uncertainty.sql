-- Up Migration
-- Factors may carry the uncertainty their source states: a ± percentage of the value (docs/decisions.md,
-- "Uncertainty of factors"), null when the source publishes none. Emissions do not change with it: the
-- uncertainty of a report is computed when it is read (bff/src/domain/uncertainty.ts).
ALTER TABLE factors ADD COLUMN uncertainty_pct numeric CHECK (uncertainty_pct >= 0);

-- The default rows already loaded (bff/data/default-factors.json fills only empty set-and-year pairs, so
-- it never reaches them) get the published values the defaults now carry, and the source that cites them.
-- A default row is recognised by its set, classification and the defaults' own source text, alone or
-- with the carry-over's suffix; a row an operator uploaded (any other source) is left as it is.
WITH published (set_name, classification, uncertainty_pct, old_source, citation) AS (VALUES
  ('plane', '{"band": "short", "cabin_class": "economy"}'::jsonb, 70, 'ADEME Base Carbone, air travel, contrails included (as used by GES 1point5)',
   '; uncertainty ±70 %: the ''Incertitude'' of ADEME Base Carbone element 28130 (Avion passagers, court courrier, 2018, avec trainées, 0.259 kg CO2e per passenger-km; modified 2022)'),
  ('device', '{"device_type": "laptop"}'::jsonb, 59.5, 'EcoInfo (CNRS), Ecodiag device reference (as used by GES 1point5, Labos 1point5), read 2026: average laptop, from manufacturers'' product carbon footprints; lifetime: Ecodiag''s typical duration',
   '; uncertainty ±59.5 %: Ecodiag''s relative standard deviation of its average laptop, sqrt(0.2² + 0.56²) (Ecodiag device table, devices.js)'),
  ('device', '{"device_type": "desktop"}'::jsonb, 78, 'EcoInfo (CNRS), Ecodiag device reference (as used by GES 1point5, Labos 1point5), read 2026: average desktop computer without its screen, from manufacturers'' product carbon footprints; lifetime: Ecodiag''s typical duration',
   '; uncertainty ±78 %: Ecodiag''s relative standard deviation of its desktop, sqrt(0.3² + 0.72²) (Ecodiag device table, devices.js)'),
  ('purchase', '{"category": "unclassified"}'::jsonb, 22.6, 'Labos 1point5: De Paepe, Jeanneau, Mariette, Aumont, Estevez-Torres, ''Purchases dominate the carbon footprint of research laboratories'' (bioRxiv, 2023, doi:10.1101/2023.04.04.535626): average carbon intensity of the purchases of about a hundred French research laboratories, 0.31 +/- 0.07 kg CO2e per euro (2019 euros, excl. VAT)',
   '; uncertainty ±22.6 % = 0.07 / 0.31, the published +/- over the published average')
)
UPDATE factors f
   SET uncertainty_pct = p.uncertainty_pct,
       source = p.old_source || p.citation || substr(f.source, length(p.old_source) + 1)
  FROM published p
 WHERE f.data_entry_type = p.set_name AND f.classification = p.classification AND f.uncertainty_pct IS NULL
   AND (f.source = p.old_source OR starts_with(f.source, p.old_source || ' (carried over from '));

-- Down Migration
WITH published (set_name, classification, old_source, citation) AS (VALUES
  ('plane', '{"band": "short", "cabin_class": "economy"}'::jsonb, 'ADEME Base Carbone, air travel, contrails included (as used by GES 1point5)',
   '; uncertainty ±70 %: the ''Incertitude'' of ADEME Base Carbone element 28130 (Avion passagers, court courrier, 2018, avec trainées, 0.259 kg CO2e per passenger-km; modified 2022)'),
  ('device', '{"device_type": "laptop"}'::jsonb, 'EcoInfo (CNRS), Ecodiag device reference (as used by GES 1point5, Labos 1point5), read 2026: average laptop, from manufacturers'' product carbon footprints; lifetime: Ecodiag''s typical duration',
   '; uncertainty ±59.5 %: Ecodiag''s relative standard deviation of its average laptop, sqrt(0.2² + 0.56²) (Ecodiag device table, devices.js)'),
  ('device', '{"device_type": "desktop"}'::jsonb, 'EcoInfo (CNRS), Ecodiag device reference (as used by GES 1point5, Labos 1point5), read 2026: average desktop computer without its screen, from manufacturers'' product carbon footprints; lifetime: Ecodiag''s typical duration',
   '; uncertainty ±78 %: Ecodiag''s relative standard deviation of its desktop, sqrt(0.3² + 0.72²) (Ecodiag device table, devices.js)'),
  ('purchase', '{"category": "unclassified"}'::jsonb, 'Labos 1point5: De Paepe, Jeanneau, Mariette, Aumont, Estevez-Torres, ''Purchases dominate the carbon footprint of research laboratories'' (bioRxiv, 2023, doi:10.1101/2023.04.04.535626): average carbon intensity of the purchases of about a hundred French research laboratories, 0.31 +/- 0.07 kg CO2e per euro (2019 euros, excl. VAT)',
   '; uncertainty ±22.6 % = 0.07 / 0.31, the published +/- over the published average')
)
UPDATE factors f
   SET source = p.old_source || substr(f.source, length(p.old_source || p.citation) + 1)
  FROM published p
 WHERE f.data_entry_type = p.set_name AND f.classification = p.classification
   AND starts_with(f.source, p.old_source || p.citation);
ALTER TABLE factors DROP COLUMN uncertainty_pct;
