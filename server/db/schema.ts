// Kysely table types. One interface per table of server/db/migrations.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, never, never>;
/** A nullable column that may be left out of an insert. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A `date` column: 'YYYY-MM-DD' (server/db/index.ts keeps dates as strings). */
type DateCol = Nullable<string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;

export type WorkerType = 'EMPLOYEE' | 'BOARD_MEMBER' | 'CONTRACTOR' | 'COLLABORATOR';
export type MembershipKind = 'OPERATOR' | 'INDIVIDUAL';
export type Locale = 'ja-JP' | 'en-US';

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  mfa_email_enabled: Generated<boolean>;
  feature_flags: Json<Record<string, boolean>>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PeopleTable {
  id: Generated<string>;
  org_id: string;
  family_name: string;
  given_name: string;
  middle_name: string | null;
  family_name_kana: string | null;
  given_name_kana: string | null;
  email: string | null;
  avatar_url: string | null;
  birth_date: DateCol;
  gender: 'MALE' | 'FEMALE' | 'OTHER' | 'UNANSWERED' | null;
  personal_email: Nullable<string>;
  personal_phone: Nullable<string>;
  postal_code: Nullable<string>;
  address: Nullable<string>;
  /** Derived: the person's workers' lifecycle columns, kept by triggers on
   * workers (migration 0033) for the workforce search; never written here. */
  worker_lifecycles: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface WorkersTable {
  id: Generated<string>;
  org_id: string;
  person_id: string;
  worker_type: WorkerType;
  worker_number: string | null;
  primary_email: string | null;
  started_on: DateCol;
  ended_on: DateCol;
  // 0012_people.sql: master-data references, contract and lifecycle dates.
  employment_type_id: Nullable<string>;
  board_member_type_id: Nullable<string>;
  contractor_type_id: Nullable<string>;
  collaborator_type_id: Nullable<string>;
  job_title_id: Nullable<string>;
  job_level_id: Nullable<string>;
  job_grade_id: Nullable<string>;
  grade_id: Nullable<string>;
  job_function_id: Nullable<string>;
  job_competency_id: Nullable<string>;
  work_mode_id: Nullable<string>;
  health_insurance_association_id: Nullable<string>;
  place_social_insurance_id: Nullable<string>;
  contract_start_on: DateCol;
  contract_end_on: DateCol;
  contract_end_reason_id: Nullable<string>;
  retirement_reason_id: Nullable<string>;
  offered_on: DateCol;
  offer_accepted_on: DateCol;
  joining_confirmed_on: DateCol;
  leaving_notified_on: DateCol;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: Generated<string>;
  org_id: string;
  email: string;
  cognito_sub: string | null;
  person_id: string | null;
  locale: ColumnType<Locale, Locale | undefined, Locale>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MembershipsTable {
  id: Generated<string>;
  org_id: string;
  account_id: string;
  kind: MembershipKind;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface InvitationsTable {
  id: Generated<string>;
  org_id: string;
  kind: MembershipKind;
  code: string;
  email: string;
  given_name: string;
  family_name: string;
  middle_name: string | null;
  person_id: string | null;
  invited_by: string | null;
  invited_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  account_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ProductPermissionsTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  it: Generated<boolean>;
  hr: Generated<boolean>;
  ga: Generated<boolean>;
  li: Generated<boolean>;
  marketplace: Generated<boolean>;
  settings: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PeopleGroupsTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  membership_employee: Generated<boolean>;
  membership_board_member: Generated<boolean>;
  membership_contractor: Generated<boolean>;
  membership_collaborator: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A person's areas as last worked out, the day and areas version they
 * hold for (migration 0036; read and written by auth_context and
 * keep_person_areas only). */
export interface PersonAreasTable {
  person_id: string;
  org_id: string;
  as_of: ColumnType<string, string, string>;
  version: ColumnType<string, string | number, string | number>;
  areas: Json<Record<string, boolean>>;
}

export interface PeopleGroupOverridesTable {
  id: Generated<string>;
  org_id: string;
  people_group_id: string;
  person_id: string;
  mode: 'INCLUDE' | 'EXCLUDE';
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RoleProductPermissionsTable {
  id: Generated<string>;
  org_id: string;
  role_id: string;
  product_permission_id: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RolePeopleGroupsTable {
  id: Generated<string>;
  org_id: string;
  role_id: string;
  people_group_id: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  org_id: string;
  actor_account_id: string | null;
  request_id: string | null;
  at: CreatedAt;
  table_name: string;
  record_id: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  before: Json<Record<string, unknown>>;
  after: Json<Record<string, unknown>>;
}

export type JobState = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

export interface JobsTable {
  id: Generated<string>;
  org_id: string;
  queue: string;
  payload: Json<Record<string, unknown>>;
  state: Generated<JobState>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_by: string | null;
  locked_until: Date | null;
  progress: Json<Record<string, unknown> | null>;
  result: Json<Record<string, unknown> | null>;
  last_error: string | null;
  singleton_key: string | null;
  created_at: CreatedAt;
  finished_at: Date | null;
}

export interface MfaChallengesTable {
  id: Generated<string>;
  org_id: string;
  account_id: string;
  session_key: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** View: who is in a people group today. */
export interface PeopleGroupMembersView {
  org_id: string;
  people_group_id: string;
  person_id: string;
}

export interface PasswordResetCodesTable {
  id: Generated<string>;
  org_id: string;
  account_id: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface Database {
  password_reset_codes: PasswordResetCodesTable;
  people_group_members: PeopleGroupMembersView;
  organizations: OrganizationsTable;
  people: PeopleTable;
  workers: WorkersTable;
  accounts: AccountsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  product_permissions: ProductPermissionsTable;
  people_groups: PeopleGroupsTable;
  people_group_overrides: PeopleGroupOverridesTable;
  person_areas: PersonAreasTable;
  roles: RolesTable;
  role_product_permissions: RoleProductPermissionsTable;
  role_people_groups: RolePeopleGroupsTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  mfa_challenges: MfaChallengesTable;
}

export type Account = Selectable<AccountsTable>;
export type Invitation = Selectable<InvitationsTable>;
export type Job = Selectable<JobsTable>;
export type NewPerson = Insertable<PeopleTable>;
export type PersonUpdate = Updateable<PeopleTable>;

// 0011_app_activity: accounts of an integration month by month (the overview's history).
export interface AppUserMonthsTable {
  org_id: string;
  app_integration_id: string;
  /** First day of the month (Asia/Tokyo), 'YYYY-MM-DD'. */
  month: string;
  external_id: string;
  is_active: boolean;
  signed_in: Generated<boolean>;
  recorded_at: CreatedAt;
}
// Declaration merging: the table joins the Database interface above.
export interface Database {
  app_user_months: AppUserMonthsTable;
}

// Shadow IT (0010_shadow_it.sql).
export interface TraceableAppsTable {
  id: string;
  slug: string;
  name: string;
  category: string;
  website_url: string;
  domains: string[];
  integratable_app_id: string | null;
  avatar_url: string | null;
  display_order: number;
}

export interface ShadowItVisitsTable {
  id: Generated<string>;
  org_id: string;
  event_id: string;
  visited_at: Timestamp;
  user_email: string;
  person_id: string | null;
  traceable_app_id: string;
  url: string;
  detection_tool: string;
  created_at: CreatedAt;
}

export interface ShadowItIngestionTokensTable {
  id: Generated<string>;
  org_id: string;
  token_hash: string;
  hint: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  traceable_apps: TraceableAppsTable;
  shadow_it_visits: ShadowItVisitsTable;
  shadow_it_ingestion_tokens: ShadowItIngestionTokensTable;
}

// People and organisation (0012_people.sql).
/** The seventeen people master-data tables share this shape. */
export interface PeopleMasterTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  code: Nullable<string>;
  rank: Nullable<number>;
  display_order: Nullable<number>;
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
export const PEOPLE_MASTER_TABLES = [
  'work_modes', 'retirement_reasons', 'positions', 'place_social_insurances', 'job_types', 'job_titles',
  'job_levels', 'job_grades', 'job_functions', 'job_competencies', 'health_insurance_associations', 'grades',
  'employment_types', 'contractor_types', 'contract_end_reasons', 'collaborator_types', 'board_member_types',
] as const;
export type PeopleMasterTableName = (typeof PEOPLE_MASTER_TABLES)[number];

export type LifecycleStage = 'OFFERED' | 'OFFER_ACCEPTED' | 'JOINING' | 'ACTIVE' | 'LEAVING' | 'ALUMNI';

export interface FamilyMembersTable {
  id: Generated<string>;
  org_id: string;
  person_id: string;
  family_name: string;
  given_name: string;
  family_name_kana: Nullable<string>;
  given_name_kana: Nullable<string>;
  relationship: 'SPOUSE' | 'CHILD' | 'PARENT' | 'SIBLING' | 'OTHER';
  birth_date: DateCol;
  is_dependent: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface WorkerLifecycleEventsTable {
  id: Generated<string>;
  org_id: string;
  worker_id: string;
  stage: LifecycleStage;
  effective_on: string;
  note: Nullable<string>;
  recorded_by: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface WorkerJobTypesTable {
  org_id: string;
  worker_id: string;
  job_type_id: string;
}

export interface WorkerPlacesTable {
  org_id: string;
  worker_id: string;
  place_id: string;
  is_primary: Generated<boolean>;
}

export interface OrgUnitsTable {
  id: Generated<string>;
  org_id: string;
  code: Nullable<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A unit's name and parent from valid_from (inclusive) to valid_to (exclusive, null = open). */
export interface OrgUnitVersionsTable {
  id: Generated<string>;
  org_id: string;
  unit_id: string;
  name: string;
  parent_unit_id: Nullable<string>;
  display_order: Generated<number>;
  valid_from: string;
  valid_to: DateCol;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface WorkerAssignmentsTable {
  id: Generated<string>;
  org_id: string;
  worker_id: string;
  unit_id: string;
  position_id: Nullable<string>;
  is_primary: Generated<boolean>;
  valid_from: string;
  valid_to: DateCol;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DeviceAssignmentsTable {
  id: Generated<string>;
  org_id: string;
  device_id: string;
  worker_id: string;
  assigned_on: string;
  returned_on: DateCol;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface Database extends Record<PeopleMasterTableName, PeopleMasterTable> {
  family_members: FamilyMembersTable;
  worker_lifecycle_events: WorkerLifecycleEventsTable;
  worker_job_types: WorkerJobTypesTable;
  worker_places: WorkerPlacesTable;
  org_units: OrgUnitsTable;
  org_unit_versions: OrgUnitVersionsTable;
  worker_assignments: WorkerAssignmentsTable;
  device_assignments: DeviceAssignmentsTable;
}

// Organisation plans (0014_org_plans.sql; owner: the organisation area).
export interface OrgPlansTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  effective_on: string;
  status: Generated<'DRAFT' | 'APPLIED'>;
  applied_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  applied_by: Nullable<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One unit a plan adds (ADD), changes (CHANGE) or closes (CLOSE). */
export interface OrgPlanUnitsTable {
  id: Generated<string>;
  org_id: string;
  plan_id: string;
  kind: 'ADD' | 'CHANGE' | 'CLOSE';
  unit_id: string;
  name: Nullable<string>;
  code: Nullable<string>;
  parent_unit_id: Nullable<string>;
  parent_set: Generated<boolean>;
  display_order: Nullable<number>;
  base_version_id: Nullable<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface Database {
  org_plans: OrgPlansTable;
  org_plan_units: OrgPlanUnitsTable;
}

// Adding people (0016_person_add.sql): each applied external HR SaaS sync.
export interface HrSyncRunsTable {
  id: Generated<string>;
  org_id: string;
  app_integration_id: string;
  fingerprint: string;
  created_count: number;
  updated_count: number;
  applied_by: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface Database {
  hr_sync_runs: HrSyncRunsTable;
}
