-- worker_stage (0012) for the two cases its dates alone left without a
-- stage, as the people lists read them (server/modules/people/sql.ts,
-- stageSql): a worker entered without any lifecycle date (before the
-- lifecycle existed, or by an import without dates) is ACTIVE; a worker
-- whose only date is a joining date still ahead is JOINING. A worker whose
-- dates all lie ahead (before the offer) has no stage.
CREATE OR REPLACE FUNCTION worker_stage(w workers, d date) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN w.ended_on IS NOT NULL AND w.ended_on < d THEN 'ALUMNI'
    WHEN w.started_on IS NOT NULL AND w.started_on <= d THEN
      CASE
        WHEN w.leaving_notified_on IS NOT NULL AND w.leaving_notified_on <= d THEN 'LEAVING'
        WHEN d < (w.started_on + interval '3 months')::date THEN 'NEW_HIRE'
        ELSE 'ACTIVE'
      END
    WHEN w.joining_confirmed_on IS NOT NULL AND w.joining_confirmed_on <= d THEN 'JOINING'
    WHEN w.offer_accepted_on IS NOT NULL AND w.offer_accepted_on <= d THEN 'OFFER_ACCEPTED'
    WHEN w.offered_on IS NOT NULL AND w.offered_on <= d THEN 'OFFERED'
    WHEN w.started_on IS NOT NULL AND w.offered_on IS NULL AND w.offer_accepted_on IS NULL AND w.joining_confirmed_on IS NULL THEN 'JOINING'
    WHEN w.offered_on IS NULL AND w.offer_accepted_on IS NULL AND w.joining_confirmed_on IS NULL THEN 'ACTIVE'
    ELSE NULL
  END
$$;
