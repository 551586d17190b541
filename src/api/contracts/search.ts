import { z } from 'zod';
import { access, defineContract } from './define.js';

export const RECORD_TYPES = ['person', 'device', 'equipment', 'app', 'place', 'loginId'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export const SearchHit = z.object({
  id: z.uuid(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** Where the record opens in the console. */
  href: z.string(),
});

/** The palette's record search: results per type, only from areas the caller may open. */
export const searchRecords = defineContract({
  id: 'search.records',
  method: 'get',
  path: '/v2/search',
  access: access.signedIn,
  summary: 'Find records by name, reading, e-mail, code or tag',
  query: z.object({
    q: z.string().trim().min(1).max(100),
    limit: z.coerce.number().int().min(1).max(20).default(8),
  }),
  response: z.object({ results: z.array(z.object({ type: z.enum(RECORD_TYPES), items: z.array(SearchHit) })) }),
});
