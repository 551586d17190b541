// SQL fragments that come out the same for the same few inputs (a module's
// row select list, a worker's stage on a day), built and compiled once and
// then passed on as raw text, their values written as literals (as
// row-bytes writes a whole statement's, server/db/row-bytes.ts). Building a
// list statement from kysely's template fragments on every request was most
// of the CPU the server spent on it before the database answered: the
// equipment list's first page 149 → 28 µs to build, compile and inline
// (docs/benchmarks.md, twenty-first round). Only for fragments whose inputs
// are constants of the code or few (a definition, an alias, a day): a value
// a user sends stays a parameter of its statement.
import { createQueryId, PostgresQueryCompiler, type RawBuilder, sql } from 'kysely';
import { inlineParameters } from './row-bytes.js';

const compiler = new PostgresQueryCompiler();

/** A fragment's SQL text with its values inlined as literals. */
export function compiledText(f: RawBuilder<unknown>): string {
  const c = compiler.compileQuery(f.toOperationNode(), createQueryId());
  return inlineParameters(c.sql, c.parameters);
}

/**
 * `build`, compiled once per key (`key` of its arguments: an object, such as
 * a module's definition, or a string), kept for at most `max` keys (then
 * forgotten all at once: a key of the day comes back the next day).
 * tests/api/module-sql.test.ts holds the kept fragments equal to those
 * built anew.
 */
export function compiledOnce<A extends unknown[], T>(key: (...a: A) => object | string, build: (...a: A) => RawBuilder<T>, max = 512): (...a: A) => RawBuilder<T> {
  const made = new Map<object | string, RawBuilder<T>>();
  return (...a) => {
    const k = key(...a);
    let f = made.get(k);
    if (!f) {
      if (made.size >= max) made.clear();
      f = sql.raw<T>(compiledText(build(...a)));
      made.set(k, f);
    }
    return f;
  };
}
