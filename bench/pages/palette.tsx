// Bench page: the real palette (PaletteRoot of src/commands/palette.tsx,
// mounted at once rather than at idle) with the real registry (global and module
// commands, as the workspace builds it) and 5,000 record hits listed the way
// RecordActions lists search hits (useRecordHits). Ctrl+K goes through the real
// binding layer (useCommandBindings) to the registry's palette command.
// ?records=N changes the number of record hits.
import { useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { useCommandBindings } from '../../src/commands/bindings.js';
import { globalCommands } from '../../src/commands/global.commands.js';
import { moduleCommands } from '../../src/commands/module.commands.js';
import { PaletteRoot, type RecordHit, useRecordHits } from '../../src/commands/palette.js';
import { togglePalette } from '../../src/commands/palette-host.js';
import type { CommandContext } from '../../src/commands/registry.js';
import { scopeChain } from '../../src/commands/bindings.js';
import { paneMessages, setupI18n } from '../../src/i18n.js';
import '../../src/styles.css';
import { benchRows } from './data.js';

declare global {
  interface Window {
    __ready?: boolean;
    __error?: string;
  }
}

const records = Number(new URLSearchParams(location.search).get('records') ?? 5000);
const commands = [...globalCommands(), ...moduleCommands()];

function RecordHits() {
  const hits = useMemo<RecordHit[]>(
    () =>
      benchRows(records).map((row) => ({
        id: `record:equipment:${row.id}`,
        name: String(row.name),
        subtitle: String(row.assetTag),
        keywords: `${String(row.serialNumber)} ${String(row.model)}`,
        section: '備品',
        priority: 1,
        perform: () => undefined,
      })),
    [],
  );
  useRecordHits(hits);
  return null;
}

function Shell({ t }: { t: CommandContext['t'] }) {
  const ctx = useMemo(
    () =>
      ({
        navigate: () => undefined,
        can: () => true,
        flag: () => true,
        togglePalette: () => togglePalette(scopeChain(document.activeElement)),
        grid: () => null,
        path: () => '/equipment',
        search: () => ({}),
        selection: () => [],
        t,
      }) as unknown as CommandContext,
    [t],
  );
  useCommandBindings(commands, ctx);
  useEffect(() => {
    requestAnimationFrame(() => requestAnimationFrame(() => (window.__ready = true)));
  }, []);
  return (
    <>
      <PaletteRoot commands={commands} ctx={ctx} searchRecords={false}>
        <RecordHits />
      </PaletteRoot>
      <main className="content" tabIndex={-1}>
        <h1 className="pane-title">bench</h1>
      </main>
    </>
  );
}

async function main() {
  const i18n = await setupI18n('ja-JP');
  // The modules' words, as the console has them before a pane shows (PaneMessages).
  await paneMessages(i18n);
  createRoot(document.getElementById('root')!).render(
    <I18nextProvider i18n={i18n}>
      <Shell t={i18n.getFixedT('ja-JP')} />
    </I18nextProvider>,
  );
}

main().catch((e: unknown) => (window.__error = String(e)));
