import { useEffect, useState } from 'react';

type Health = { status: string; database: string } | null;

/** Placeholder shell: the console itself is not built yet. */
export function App() {
  const [health, setHealth] = useState<Health>(null);
  useEffect(() => {
    fetch('/healthz')
      .then((r) => r.json() as Promise<Health>)
      .then(setHealth)
      .catch(() => setHealth({ status: 'error', database: 'unknown' }));
  }, []);
  return (
    <main style={{ fontFamily: 'ui-monospace, monospace', padding: '2rem', lineHeight: 1.6 }}>
      <h1>Daicho 台帳</h1>
      <p lang="ja">コンソール画面はまだ利用できません。API は稼働しています。</p>
      <p lang="en">The console screens are not available yet. The API is running.</p>
      <p>
        API: <a href="/v2/openapi.json">/v2/openapi.json</a> · health: {health ? `${health.status} (database ${health.database})` : '…'}
      </p>
    </main>
  );
}
