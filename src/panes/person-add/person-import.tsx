// /person/import-csv/{workerType} (spec 2.3, 2.5): people of one worker type
// from CSV, through the one import wizard (../module/import-csv.tsx) with
// this page's target: the call POST /v2/person-import-csv/{workerType}, the
// template and current-people downloads (person-add.commands.ts), the
// workforce list of the type as "the list". Shift_JIS or UTF-8, headers in
// Japanese or English, era dates and kana as the server reads them
// (server/modules/person-add/csv.ts). An unknown {workerType} is a
// not-found page.
import { useTranslation } from 'react-i18next';
import { importPeopleCsv } from '../../api/contracts/person-add.js';
import { WORKER_TYPE_SLUGS, type WorkerType } from '../../api/contracts/people-lifecycle.js';
import { ImportCsvWizard, type ImportTarget } from '../module/import-csv.js';
import { usePaneParams } from '../pane-path.js';
import { NotFoundScreen } from '../screens.js';
import { workforceLink } from './links.js';
import { PERSON_KEY } from '../../api/contracts/person.js';
import { PEOPLE_LIST_KEYS } from '../people/people-store.js';

export const IMPORT_PAGE = '/person/import-csv/$workerType';
/** The wizard's pane scope is `pane:${IMPORT_SCOPE_ID}.import`. */
export const IMPORT_SCOPE_ID = 'personImport';

function target(type: WorkerType): ImportTarget {
  return {
    id: IMPORT_SCOPE_ID,
    queryKey: [IMPORT_SCOPE_ID, type],
    title: (t) => t('personAdd:csv.title', { type: t(`common:workerTypes.${type}`) }),
    uploadHelp: (t) => t('personAdd:csv.uploadHelp'),
    run: (api, body, signal) => api(importPeopleCsv, { params: { workerType: type }, body }, { signal }),
    // Every people list, profile and picker may show an imported person.
    invalidate: [...PEOPLE_LIST_KEYS, PERSON_KEY],
    done: { ...workforceLink(type), label: (t) => t('personAdd:csv.toList') },
    commands: ['personImport.exportTemplate', 'personImport.exportCurrent'],
  };
}

export function PersonImportPane() {
  useTranslation();
  const { workerType: slug = '' } = usePaneParams(IMPORT_PAGE);
  const type = WORKER_TYPE_SLUGS[slug];
  if (!type) return <NotFoundScreen />;
  return <ImportCsvWizard key={type} target={target(type)} />;
}
