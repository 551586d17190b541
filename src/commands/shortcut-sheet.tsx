// The `?` sheet: every command that has keys, from the registry, in the
// current language. Nothing here is written by hand.
import { useTranslation } from 'react-i18next';
import { Modal } from '../panes/dialogs.js';
import { type Command, commandTitle, keyLabel } from './registry.js';

export function ShortcutSheet({ commands, onClose }: { commands: readonly Command[]; onClose: () => void }) {
  const { t } = useTranslation('commands');
  const withKeys = commands.filter((c) => c.keys);
  const sections = [...new Set(withKeys.map((c) => c.section))];
  return (
    <Modal labelledBy="shortcuts-title" onCancel={onClose}>
      <h2 id="shortcuts-title">{t('shortcuts.title')}</h2>
      {/* One scroll area, reachable by Tab so it can scroll from the keyboard. */}
      <div className="sheet-body" tabIndex={0} role="region" aria-labelledby="shortcuts-title">
      {sections.map((section) => (
        <section key={section} aria-label={t(`sections.${section}`)}>
          <h3 className="sheet-section">{t(`sections.${section}`)}</h3>
          <dl className="sheet">
            {withKeys
              .filter((c) => c.section === section)
              .map((c) => (
                <div key={c.id} className="sheet-row">
                  <dt>
                    <kbd className="mono">{keyLabel(c.keys!)}</kbd>
                  </dt>
                  <dd>{commandTitle(t, c)}</dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
      </div>
      <div className="modal-actions">
        <button type="button" data-autofocus onClick={onClose}>
          {t('common:dialog.close')}
        </button>
      </div>
    </Modal>
  );
}
