// Where adding people leads: the workforce list of a worker type, a person's profile.
import type { WorkerType } from '../../api/contracts/people-lifecycle.js';

const MENU: Readonly<Record<WorkerType, string>> = { EMPLOYEE: 'Employee', BOARD_MEMBER: 'Board', CONTRACTOR: 'Contractor', COLLABORATOR: 'Collaborator' };

/** The workforce list showing the worker type: its menu (Employee, the default, leaves the URL). */
export const workforceLink = (type: WorkerType) => ({ to: '/people/workforce', search: type === 'EMPLOYEE' ? {} : { menu: MENU[type] } });
export const workforceHref = (type: WorkerType) => (type === 'EMPLOYEE' ? '/people/workforce' : `/people/workforce?menu=${MENU[type]}`);
/** A person's profile (/person/{id} redirects to its personal information). */
export const personHref = (personId: string) => `/person/${personId}/personal-information`;
