-- A job ready to run wakes the workers at once instead of at their next
-- poll (server/jobs/queue.ts): every statement that inserts jobs notifies
-- the channel daicho_jobs, once per queue it inserted into, the queue's name
-- as the payload (a worker wakes only for the queues it runs). NOTIFY is
-- transactional: it is delivered when the enqueuing transaction commits, so
-- a worker never wakes for a job it cannot see yet, and a rolled-back
-- enqueue wakes nobody. Every replica's worker listens (one connection
-- each); whichever claims the job first runs it (claim_jobs, SKIP LOCKED).
-- The poll stays as the fallback (a lost connection, a job whose run_at is
-- still ahead).
CREATE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('daicho_jobs', q.queue) FROM (SELECT DISTINCT queue FROM new_jobs) q;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_notify AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION jobs_notify();
