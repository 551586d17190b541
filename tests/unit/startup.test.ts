// The console's start (spec 8): a missing root element throws 'Root element
// not found'; a start that fails leaves 'Failed to initialize application.
// Please reload the page.' where the console would have been.
import { describe, expect, it, vi } from 'vitest';
import { boot, START_FAILED } from '../../src/startup.js';

/** A page with or without its #root (only what boot reads). */
function page(root: { textContent: string | null } | null) {
  return { getElementById: (id: string) => (id === 'root' ? (root as HTMLElement | null) : null) };
}

describe('start-up', () => {
  it('throws "Root element not found" when the page has no root, and starts nothing', () => {
    const start = vi.fn(async () => undefined);
    expect(() => boot(page(null), start)).toThrow('Root element not found');
    expect(start).not.toHaveBeenCalled();
  });

  it('says to reload, in both languages, when the start fails, and reports why', async () => {
    const root = { textContent: '' };
    const failure = new Error('identity pool unreachable');
    const report = vi.fn();
    await boot(page(root), () => Promise.reject(failure), report);
    expect(root.textContent).toBe(START_FAILED);
    expect(root.textContent).toContain('Failed to initialize application. Please reload the page.');
    expect(root.textContent).toContain('アプリケーションの初期化に失敗しました。ページを再読み込みしてください。');
    expect(report).toHaveBeenCalledWith(failure);
  });

  it('leaves the root to the console when the start succeeds', async () => {
    const root = { textContent: '' };
    const report = vi.fn();
    await boot(page(root), async (el) => void (el.textContent = 'console'), report);
    expect(root.textContent).toBe('console');
    expect(report).not.toHaveBeenCalled();
  });
});
