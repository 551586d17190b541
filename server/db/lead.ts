// A statement that rides ahead of a connection's next one: the caller's
// statement that opens a list's transaction (server/auth/access.ts,
// inLedTransaction) sent in the same message as the page's own statement,
// one round trip instead of two.
//
// A lead is handed to a connection by a marker statement (leadStatement:
// nothing is sent), and the connection's next statement carries it
// (server/db/index.ts): in the same message when that statement is a
// row-bytes COPY (./row-bytes.ts, simple protocol), else on its own just
// before it (a statement with bind parameters cannot share a message). Its
// result row goes to `accept` before the statement's own result is handed
// over; `accept` may refuse it by throwing, and then the statement that
// carried the lead rejects with that error (once the whole message has been
// read, so that the connection stays in step) and its rows are never seen
// by the caller. A lead nobody's statement took is sent by flushLead, or
// dropped by dropLead: a connection never goes back to the pool with one.
//
// The lead must leave the connection as safe for the statement after it as
// it would be on its own: the caller's lead first drops to the daicho_app
// role, so that row-level security applies to the page whatever the caller's
// statement finds (no account: no organisation, no rows).

/** A statement to send ahead of the next one, and what to do with its row. */
export interface Lead {
  /** One or more statements (simple protocol: values inlined). */
  text: string;
  /** The last row the lead's statements returned (undefined: none), parsed
   * as pg parses a query's rows; throws to refuse it. */
  accept(row: Record<string, unknown> | undefined): void;
  /** The lead sets the setting LEAD_GATE to 'closed' when the statement it
   * rides with need not run (a list page kept under the version the lead
   * read): a COPY in its message then returns no row at all (a one-time
   * filter: its plan is not run), and `accept` must refuse (throw) in that
   * case, since the statement's rows are not its rows then. */
  gated?: boolean;
}

/** The transaction setting a gated lead closes (see Lead.gated). */
export const LEAD_GATE = 'app.lead_gate';

/** Marks the statements that hand a lead to a connection (never sent). */
export const LEAD_MARK = '/*daicho:lead*/';
const FLUSH = `${LEAD_MARK}flush`;
const DROP = `${LEAD_MARK}drop`;

const waiting = new Map<number, Lead>();
let lastId = 0;

/** The marker statement that hands `lead` to the connection it runs on. */
export function leadStatement(lead: Lead): string {
  const id = ++lastId;
  waiting.set(id, lead);
  return `${LEAD_MARK}${id}`;
}

/** The statement that sends a connection's lead if none took it yet (its
 * `accept` may throw here); nothing otherwise. */
export const flushLead = (): string => FLUSH;

/** The statement that forgets a connection's lead without sending it. */
export const dropLead = (): string => DROP;

export type LeadCommand = { kind: 'set'; lead: Lead | null } | { kind: 'flush' } | { kind: 'drop' };

/** What a marker statement asks of the connection. */
export function leadCommand(text: string): LeadCommand {
  if (text === FLUSH) return { kind: 'flush' };
  if (text === DROP) return { kind: 'drop' };
  const id = Number(text.slice(LEAD_MARK.length));
  const lead = waiting.get(id) ?? null;
  waiting.delete(id);
  return { kind: 'set', lead };
}

/** Forgets a lead whose marker statement never ran (the connection failed first). */
export function forgetLead(statement: string): void {
  if (statement.startsWith(LEAD_MARK)) waiting.delete(Number(statement.slice(LEAD_MARK.length)));
}
