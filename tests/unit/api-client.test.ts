// The client's answers without data: a 204 is undefined; an empty body or a
// JSON null is a NoDataError when the contract wants data (the CSV wizard
// says "No data returned from API"), and passes when it allows null; any
// other body is still checked by the contract's schema.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient, NoDataError } from '../../src/api/client.js';
import { access, defineContract } from '../../src/api/contracts/define.js';

const wantsData = defineContract({ id: 't.data', method: 'get', path: '/t', access: access.public, summary: 't', response: z.object({ n: z.number() }) });
const allowsNull = defineContract({ id: 't.null', method: 'get', path: '/t', access: access.public, summary: 't', response: z.null() });
const answering = (body: string | null, status = 200) => createApiClient({ fetch: async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }) });

describe('api client', () => {
  it('parses a body through the contract', async () => {
    await expect(answering('{"n":1}')(wantsData)).resolves.toEqual({ n: 1 });
  });

  it('names an empty body or null where data is wanted', async () => {
    await expect(answering('')(wantsData)).rejects.toBeInstanceOf(NoDataError);
    await expect(answering('null')(wantsData)).rejects.toMatchObject({ status: 200 });
    await expect(answering('null')(wantsData)).rejects.toBeInstanceOf(NoDataError);
  });

  it('still refuses a body that does not fit, and a body that is not JSON', async () => {
    await expect(answering('{"n":"one"}')(wantsData)).rejects.toBeInstanceOf(z.ZodError);
    await expect(answering('{"n":')(wantsData)).rejects.toBeInstanceOf(SyntaxError);
  });

  it('returns null where the contract allows it, and undefined for a 204', async () => {
    await expect(answering('null')(allowsNull)).resolves.toBeNull();
    await expect(answering(null, 204)(wantsData)).resolves.toBeUndefined();
  });
});
