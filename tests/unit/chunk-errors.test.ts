// A chunk the browser could not fetch is told apart from other failures
// (the page's error screen and the command error dialog then say to reload):
// the messages each engine gives for a failed dynamic import, and Vite's for
// a failed CSS preload. Chromium's is also covered end to end
// (tests/e2e/error-dialogs.spec.ts).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client.js';
import { isChunkLoadError } from '../../src/panes/screens.js';

describe('isChunkLoadError', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/module.actions-CvLpNvPf.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: http://localhost/assets/module.actions-CvLpNvPf.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite CSS preload', new Error('Unable to preload CSS for /assets/palette-BLtY0mTo.css')],
  ])('knows %s', (_engine, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('leaves other failures to the generic handling', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError(new ApiError(500, { code: 'INTERNAL_ERROR', message: 'Internal error' } as never))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
