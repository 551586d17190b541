// Statements that ride ahead of a connection's next statement, in its
// message: a request's BEGIN and caller (server/auth/access.ts,
// inLedTransaction) sent with the list page's statement, one round trip
// instead of two. A client holds at most one lead (Client.lead, ./index.ts),
// set only by whoever holds the connection, and the lead goes first whatever
// the next statement is: with a row-bytes statement (COPY, ./row-bytes.ts) in
// the same message; before anything else as a message of its own.
import pg from 'pg';
import type { Tx } from './tenant.js';
import { sql } from 'kysely';

export interface Lead {
  /** Simple-protocol statements, of which one SELECT gives one row (or none). */
  readonly text: string;
  /** Whether it was sent; its SELECT's row, once answered (null: no row). */
  sent: boolean;
  row: Record<string, unknown> | null;
  /** Sent as a message of its own (sendLead): settles when it is answered,
   * never rejecting: its error is kept in `error`. */
  answered?: Promise<void>;
  error?: unknown;
}

export function lead(text: string): Lead {
  return { text, sent: false, row: null };
}

/** Answered by the client itself, without a round trip: which pg Client
 * a Kysely connection runs on (clientOf). */
export const CLIENT_MARK = '/*daicho:client*/';

/** The pg Client behind a Kysely connection (db.connection()): its lead,
 * and a read's end held back (./index.ts, Client.endAfter). */
export type LeadClient = pg.Client & { lead: Lead | null; endAfter(statement: 'COMMIT' | 'ROLLBACK'): void };

/** The pg Client behind a Kysely connection (db.connection()). */
export async function clientOf(conn: Tx): Promise<LeadClient> {
  return (await sql<{ client: LeadClient }>`${sql.raw(CLIENT_MARK)}`.execute(conn)).rows[0]!.client;
}

/** A row of one statement's text-format fields, as pg would parse it. */
export function parseRow(fields: readonly { name: string; dataTypeID: number }[], values: readonly (string | null)[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  fields.forEach((f, i) => {
    const v = values[i];
    row[f.name] = v === null || v === undefined ? null : pg.types.getTypeParser(f.dataTypeID, 'text')(v);
  });
  return row;
}

/** The lead as a message of its own (pg's own query: every statement's
 * result), queued on the client at once, ahead of whatever is sent next. */
export function sendLead(client: pg.Client, l: Lead): Promise<void> {
  l.sent = true;
  const own = pg.Client.prototype.query as unknown as (this: pg.Client, text: string) => Promise<pg.QueryResult | pg.QueryResult[]>;
  l.answered = own.call(client, l.text).then(
    (r) => {
      const withRows = (Array.isArray(r) ? r : [r]).find((x) => x.fields?.length);
      l.row = (withRows?.rows[0] as Record<string, unknown> | undefined) ?? null;
    },
    (err: unknown) => {
      l.error = err;
    },
  );
  return l.answered;
}
