// Where an app integration's accounts come from. A connector reads the
// accounts (and groups) of one SaaS tenant; the refresh job
// (server/modules/software/refresh.ts) stores what it read as app_users and
// matches them to people. Two connectors exist: SCIM 2.0 (./scim.ts, the
// standard many SaaS expose) and the CSV import of the integration's users.

/** One account as a connector reads it, before matching. */
export interface ConnectorAccount {
  /** The tenant's own id for the account (SCIM `id`): stable across renames. */
  externalId: string;
  /** Sign-in name (SCIM `userName`). */
  userName: string;
  displayName: string | null;
  /** Primary e-mail (SCIM `emails`, the primary one, else the first). */
  email: string | null;
  active: boolean;
  /** The account's role in the app (SCIM `roles`, primary or first `value`/`display`). */
  roleName: string | null;
  /** Display names of the groups it belongs to (SCIM `groups[].display`). */
  groups: string[];
  /** SCIM enterprise extension `employeeNumber`: matched against worker numbers. */
  employeeNumber: string | null;
  /** ISO date-times, when the tenant tells them. */
  createdAt: string | null;
  lastModified: string | null;
  /** Last sign-in, where the tenant exposes it (not part of core SCIM). */
  lastSignedInAt: string | null;
}

/** A user as an HR system describes it (SCIM core User with the enterprise
 * extension), for bringing people in (server/modules/person-add/hr-sync.ts). */
export interface ConnectorPerson {
  /** The tenant's own id for the user (SCIM `id`). */
  externalId: string;
  userName: string;
  active: boolean;
  /** SCIM `name`. */
  familyName: string | null;
  givenName: string | null;
  middleName: string | null;
  displayName: string | null;
  /** Work e-mail (SCIM `emails`: the primary, else a work one, else the first). */
  email: string | null;
  /** SCIM `title` and `userType` ("Employee", "Contractor"…). */
  title: string | null;
  userType: string | null;
  /** Enterprise extension (RFC 7643 §4.3). */
  employeeNumber: string | null;
  department: string | null;
  division: string | null;
  organization: string | null;
  costCenter: string | null;
  /** The manager's SCIM id (`manager.value`) and display name, when given. */
  managerId: string | null;
  managerName: string | null;
}

export interface ConnectorGroup {
  externalId: string;
  displayName: string;
  /** externalIds of member accounts. */
  members: string[];
}

export interface Connector {
  readonly kind: 'SCIM' | 'CSV';
  /** Checks that the tenant answers and the credentials are good; throws ConnectorError otherwise. */
  test(signal?: AbortSignal): Promise<void>;
  /** Every account of the tenant, page by page. */
  accounts(signal?: AbortSignal): AsyncIterable<ConnectorAccount[]>;
  /** Every group of the tenant with its members, page by page. */
  groups(signal?: AbortSignal): AsyncIterable<ConnectorGroup[]>;
  /** Every user as a person of an HR system (names, enterprise extension), page by page; connectors that read HR systems have it. */
  people?(signal?: AbortSignal): AsyncIterable<ConnectorPerson[]>;
}

/** Why a connector could not read the tenant, in words the operator can act on. */
export type ConnectorErrorCode =
  /** 401/403: the token is wrong or lacks the scope. */
  | 'UNAUTHORIZED'
  /** Network failure, timeout, or an address the server may not call. */
  | 'UNREACHABLE'
  /** 429: try later. */
  | 'RATE_LIMITED'
  /** The answer is not SCIM (wrong base URL, malformed JSON). */
  | 'BAD_RESPONSE';

export class ConnectorError extends Error {
  constructor(
    readonly code: ConnectorErrorCode,
    message: string,
    /** HTTP status of the tenant's answer, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}
