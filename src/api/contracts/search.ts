import { z } from 'zod';
import { access, defineContract } from './define.js';

/** Every kind of record the palette can find, in the order results are given.
 * `loginId` is accepted but has no results yet: there is no login-ID table
 * (the ID-management module is not built; server/modules/search). */
export const RECORD_TYPES = ['person', 'device', 'equipment', 'app', 'place', 'loginId'] as const;
export const RecordType = z.enum(RECORD_TYPES);
export type RecordType = z.infer<typeof RecordType>;

export const SearchHit = z.object({
  id: z.uuid(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** Where the record opens in the console. */
  href: z.string(),
});
export type SearchHit = z.infer<typeof SearchHit>;

/** `types=person,device`: a comma-separated list of record types; absent or empty means all. */
const RecordTypes = z
  .string()
  .max(200)
  .optional()
  .transform((s) =>
    s?.trim()
      ? [
          ...new Set(
            s
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          ),
        ]
      : [...RECORD_TYPES],
  )
  .pipe(z.array(RecordType).min(1));

/** The palette's record search. Signed-in is enough to call it: the handler
 * searches only the record types whose area the caller may open, so a type
 * outside the caller's areas is simply absent from `results`. */
export const searchRecords = defineContract({
  id: 'search.records',
  method: 'get',
  path: '/v2/search',
  access: access.signedIn,
  summary: 'Find records (people, devices, equipment, apps, places) by name, reading, e-mail or number, per record type; or by an exact device tag, asset tag or serial number',
  query: z.object({
    q: z.string().trim().min(1).max(100),
    types: RecordTypes,
    limit: z.coerce.number().int().min(1).max(20).default(8),
    /** `exact=true` (the scanner): only records whose device tag, asset tag or
     * serial number is `q` itself, ignoring case and surrounding space; record
     * types without such codes (people, places) are not searched. */
    exact: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  }),
  response: z.object({
    /** One entry per record type searched (requested, built, and in the caller's areas), possibly with no items. */
    results: z.array(z.object({ type: RecordType, items: z.array(SearchHit) })),
  }),
});
