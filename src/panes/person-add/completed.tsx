// /person/add/{workerType}/completed (spec 2.3, 5): who was added, from the
// search (addedPersonGivenName, addedPersonFamilyName optional,
// addedPersonID), and what to do next as commands with their keys: open the
// person (o), add another of the type (n), back to the workforce list. The
// page holds the focus, so the keys work at once. The search schema requires
// the given name and the ID: without them the router's error screen says
// which are missing (src/panes/screens.tsx).
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WORKER_TYPE_SLUGS } from '../../api/contracts/people-lifecycle.js';
import { CommandButton } from '../../commands/command-button.js';
import { usePaneParams } from '../pane-path.js';
import { NotFoundScreen } from '../screens.js';
import './person-add.css';

export const COMPLETED_PAGE = '/person/add/$workerType/completed';

export function PersonAddCompletedPane() {
  const { t } = useTranslation();
  const { workerType: slug = '' } = usePaneParams(COMPLETED_PAGE);
  const type = WORKER_TYPE_SLUGS[slug];
  const search = useSearch({ strict: false }) as { addedPersonGivenName?: string; addedPersonFamilyName?: string; addedPersonID?: string };
  const paneRef = useRef<HTMLElement>(null);
  useEffect(() => paneRef.current?.focus(), []);
  if (!type) return <NotFoundScreen />;
  const name = [search.addedPersonFamilyName, search.addedPersonGivenName].filter(Boolean).join(' ');
  const typeLabel = t(`common:workerTypes.${type}`);
  return (
    <section className="pane person-completed" aria-labelledby="pane-title" data-scope="pane:person-add-completed" tabIndex={-1} ref={paneRef}>
      <h1 id="pane-title" className="pane-title">
        {t('personAdd:completed.title')}
      </h1>
      <p role="status">{t('personAdd:completed.body', { name, type: typeLabel })}</p>
      <dl className="facts">
        <dt>{t('personAdd:completed.id')}</dt>
        <dd className="mono">{search.addedPersonID}</dd>
      </dl>
      <div className="form-actions left">
        <CommandButton id="personAdd.openAdded" className="" />
        <CommandButton id="personAdd.addAnother" />
        <CommandButton id="personAdd.toWorkforce" />
      </div>
    </section>
  );
}
