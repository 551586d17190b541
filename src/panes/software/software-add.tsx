// Adding software (spec 2.3 Software: /software/add, /software/add/{type}
// for every type). /software/add asks which type; each type's page is the
// registry's form with the type fixed. SaaS is added by installing it from
// the marketplace (which makes its integration too), so that page points
// there first; custom SaaS picks its kind and continues on
// /software/add/custom-saas/{customSaasType}.
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CUSTOM_SAAS_TYPES, SOFTWARE_TYPE_PATHS, SOFTWARE_TYPES } from '../../api/contracts/software-enums.js';
import { software } from '../../api/modules/software.js';
import { RecordForm } from '../module/record-form.js';
import { recordHref } from '../module/module-list.js';
import { usePaneParams } from '../pane-path.js';

type SoftwareType = (typeof SOFTWARE_TYPES)[number];
const typeOfPath = (word: string): SoftwareType | null =>
  (Object.entries(SOFTWARE_TYPE_PATHS).find(([, path]) => path === word)?.[0] as SoftwareType | undefined) ?? null;

export function SoftwareAddPane() {
  const { t } = useTranslation();
  return (
    <section className="pane" aria-labelledby="pane-title">
      <h1 id="pane-title" className="pane-title">
        {t('software:title')} / {t('commands:module.add')}
      </h1>
      <p className="muted">{t('integrations:add.chooseType')}</p>
      <ul className="choice-list">
        {SOFTWARE_TYPES.map((type) => (
          <li key={type}>
            <Link to={`/software/add/${SOFTWARE_TYPE_PATHS[type]}`}>{t(`software:enums.softwareType.${type}`)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SoftwareAddTypePane() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type: word = '' } = usePaneParams('/software/add/$type');
  const type = typeOfPath(word);
  const title = (
    <h1 id="pane-title" className="pane-title">
      {t('software:title')} / {t('commands:module.add')}
      {type && <> / {t(`software:enums.softwareType.${type}`)}</>}
    </h1>
  );
  if (!type) {
    return (
      <section className="pane" aria-labelledby="pane-title">
        {title}
        <p role="alert" className="form-error">
          {t('integrations:add.unknownType', { type: word })}
        </p>
        <Link to="/software/add">{t('integrations:add.chooseTypeLink')}</Link>
      </section>
    );
  }
  if (type === 'CUSTOM_SAAS') {
    return (
      <section className="pane" aria-labelledby="pane-title">
        {title}
        <p className="muted">{t('integrations:add.customSaasKind')}</p>
        <ul className="choice-list">
          {CUSTOM_SAAS_TYPES.map((kind) => (
            <li key={kind}>
              <Link to={`/software/add/custom-saas/${kind}`}>{t(`software:enums.customSaasType.${kind}`)}</Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className="pane" aria-labelledby="pane-title">
      {title}
      {type === 'SAAS' && (
        <p className="muted">
          {t('integrations:add.saasFromMarketplace')} <Link to="/software/marketplace">{t('routes:pages.marketplace')}</Link>
        </p>
      )}
      <RecordForm
        m={software}
        row={null}
        preset={{ softwareType: type, status: 'ACTIVE' }}
        onSaved={(row) => void navigate({ href: recordHref(software, row.id) })}
        onCancel={() => void navigate({ to: '/software/add' })}
      />
    </section>
  );
}
