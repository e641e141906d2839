-- Plans: reduction targets, scenarios built from levers, and the actions of an adopted plan
-- (bff/src/domain/plans/). Targets and scenarios hold what people chose (baseline year and
-- points; levers and their parameters), never computed figures: a scenario's effect is computed
-- from the unit's entries at each read, so it follows every change of an entry or a factor.

-- The institution's target set (unit_id NULL, one) and each unit's own, stricter one.
CREATE TABLE plan_targets (
  id            bigserial PRIMARY KEY,
  unit_id       bigint REFERENCES units (id) ON DELETE CASCADE,
  baseline_year integer NOT NULL CHECK (baseline_year BETWEEN 1990 AND 2100),
  -- [{year, reduction_pct, scope}], checked by the BFF (shared/src/plans.ts, targetProblem).
  points        jsonb NOT NULL CHECK (jsonb_typeof(points) = 'array'),
  updated_by    bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX plan_targets_one_per_unit ON plan_targets (coalesce(unit_id, 0));

-- A unit's scenarios: named lists of levers on its entries of one year. One may be adopted as
-- the unit's plan (adopted_at set), with its actions.
CREATE TABLE plan_scenarios (
  id          bigserial PRIMARY KEY,
  unit_id     bigint NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  year        integer NOT NULL CHECK (year BETWEEN 1990 AND 2100),
  -- [{key, params}], checked against the registry's levers by the BFF.
  levers      jsonb NOT NULL CHECK (jsonb_typeof(levers) = 'array'),
  adopted_at  timestamptz,
  -- The plan's effect as last computed (at each save and adoption), for the institution view,
  -- which cannot recompute a thousand units' entries on each read; it shows when it was computed.
  planned_delta_kg double precision,
  computed_at timestamptz,
  created_by  bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (unit_id, name)
);
CREATE INDEX plan_scenarios_adopted ON plan_scenarios (unit_id) WHERE adopted_at IS NOT NULL;

CREATE TABLE plan_actions (
  id           bigserial PRIMARY KEY,
  scenario_id  bigint NOT NULL REFERENCES plan_scenarios (id) ON DELETE CASCADE,
  title        text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  owner        text NOT NULL CHECK (length(owner) BETWEEN 1 AND 200),
  due_date     date NOT NULL,
  module_type  text NOT NULL,
  expected_kg  double precision NOT NULL CHECK (expected_kg >= 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX plan_actions_scenario ON plan_actions (scenario_id, id);
