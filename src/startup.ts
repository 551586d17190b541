// How the console starts, apart from what it starts (main.tsx): the root
// element must be there, and a start that fails says so in place of the
// console, in both languages (its messages may be what failed to load).
export const START_FAILED =
  'Failed to initialize application. Please reload the page. / アプリケーションの初期化に失敗しました。ページを再読み込みしてください。';

/** Finds #root and runs `start` on it; throws at once without a root. */
export function boot(
  doc: Pick<Document, 'getElementById'>,
  start: (root: HTMLElement) => Promise<void>,
  report: (err: unknown) => void = console.error,
): Promise<void> {
  const root = doc.getElementById('root');
  if (!root) throw new Error('Root element not found');
  return start(root).catch((err: unknown) => {
    report(err);
    root.textContent = START_FAILED;
  });
}
