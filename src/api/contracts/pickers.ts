// The pickers forms use (spec 3 "Select options", 7): workers, places and
// devices to choose from, by a typed text. At most `limit` options, best
// (prefix) matches first. Any operator may call them; the forms that use them
// are area-gated themselves.
import { z } from 'zod';
import { access, defineContract } from './define.js';

const PickerQuery = z.object({
  /** The typed text (spec 7: freeText). */
  freeText: z.string().max(100).optional(),
  orderDirection: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Ids that must be included (the current value of a field). */
  ids: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.uuid()).max(100)),
});

export const SelectOption = z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() });
export type SelectOption = z.infer<typeof SelectOption>;
export const WorkerOption = z.object({
  /** The worker (what equipment is assigned to). */
  id: z.uuid(),
  personId: z.uuid(),
  name: z.string(),
  primaryWorkerEmail: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type WorkerOption = z.infer<typeof WorkerOption>;

export const workersForSelect = defineContract({
  id: 'pickers.workers',
  method: 'get',
  path: '/v2/workers-for-select',
  access: access.signedIn,
  summary: 'Workers to choose from, by name, e-mail or worker number',
  query: PickerQuery,
  response: z.object({ items: z.array(WorkerOption) }),
});

export const placeSelect = defineContract({
  id: 'pickers.places',
  method: 'get',
  path: '/v2/components/place-select',
  access: access.signedIn,
  summary: 'Places to choose from, by name or code',
  // Spec 7: orderBy ADDRESS. Places have no address yet (the places issue
  // adds it): until then ADDRESS orders by name.
  query: PickerQuery.extend({ orderBy: z.enum(['ADDRESS', 'NAME']).default('NAME') }),
  response: z.object({ items: z.array(SelectOption) }),
});

export const devicesForSelect = defineContract({
  id: 'pickers.devices',
  method: 'get',
  path: '/v2/components/devices-for-select',
  access: access.signedIn,
  summary: 'Devices to choose from, by name, device tag or serial number',
  query: PickerQuery.extend({ orderBy: z.enum(['NAME', 'DEVICE_TAG']).default('NAME') }),
  response: z.object({ items: z.array(SelectOption) }),
});
