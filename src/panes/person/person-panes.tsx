// The person profile (issue 7), one lazy chunk: each tab of /person/{id} and
// /alumni/{id} in the profile frame, the family member's page, and the
// read-only device pane the devices tab opens.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonProfile } from '../../api/contracts/person.js';
import { AppsTab, DevicesTab, EquipmentTab } from './assets.js';
import { ActivityTab, HistoryTab } from './audit-lists.js';
import { EmployeeInformationTab } from './employee-information.js';
import { FamilyMemberBody } from './family.js';
import { PersonalInformationTab } from './personal-information.js';
import type { ProfileTab } from './person-store.js';
import { ProfileFrame, useProfilePath } from './profile-frame.js';
import './person.css';

export { DevicePane } from './device-pane.js';

/** Spec 2.3 names the tab; the public IDs module is a later issue. */
function PublicIdTab() {
  const { t } = useTranslation();
  return (
    <div className="settings-section">
      <p className="empty-state">{t('person:publicId.notBuilt')}</p>
      <p>
        <Link to="/public-ids/registry">{t('person:publicId.registry')}</Link>
      </p>
    </div>
  );
}

const BODIES: Record<ProfileTab, (p: { profile: PersonProfile }) => ReactNode> = {
  'public-id': PublicIdTab,
  'personal-information': PersonalInformationTab,
  history: HistoryTab,
  equipment: EquipmentTab,
  'employee-information': EmployeeInformationTab,
  devices: DevicesTab,
  apps: AppsTab,
  activity: ActivityTab,
};

/** The pane of one profile tab (both /person and /alumni). */
export const profileTabPane = (tab: ProfileTab) =>
  function ProfileTabPane() {
    const Body = BODIES[tab];
    return <ProfileFrame tab={tab}>{(profile) => <Body key={profile.personId} profile={profile} />}</ProfileFrame>;
  };

export function FamilyMemberPane() {
  const { familyPersonId } = useProfilePath();
  return <ProfileFrame tab={null}>{(profile) => <FamilyMemberBody key={familyPersonId} profile={profile} familyPersonId={familyPersonId ?? ''} />}</ProfileFrame>;
}
