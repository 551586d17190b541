import { ApiError } from '../../src/api/client.js';

/** The ApiError a call must fail with; fails the test if it succeeds. */
export async function apiFailure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}
