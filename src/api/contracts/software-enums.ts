// The software enumerations (spec 3 Software), shared by the software
// module's definition and the software contracts.

/** The 21 categories (spec 3: "from marketing through security-compliance and other"). */
export const SOFTWARE_CATEGORIES = [
  'marketing',
  'sales-crm',
  'customer-support',
  'communication',
  'collaboration',
  'project-management',
  'design',
  'development',
  'devops-infrastructure',
  'storage-file-sharing',
  'finance-accounting',
  'human-resources',
  'general-affairs',
  'legal',
  'analytics-bi',
  'productivity-office',
  'e-commerce',
  'education-training',
  'it-management',
  'security-compliance',
  'other',
] as const;
export type SoftwareCategory = (typeof SOFTWARE_CATEGORIES)[number];

export const SOFTWARE_TYPES = ['INSTALLED', 'MW_OS', 'SCRATCH', 'PRODUCT', 'SAAS', 'CUSTOM_SAAS'] as const;
/** The URL words of /software/add/{type} for each type. */
export const SOFTWARE_TYPE_PATHS = { INSTALLED: 'installed', MW_OS: 'middleware-os', SCRATCH: 'scratch', PRODUCT: 'product', SAAS: 'saas', CUSTOM_SAAS: 'custom-saas' } as const;
export const CUSTOM_SAAS_TYPES = [
  'COMMUNICATION',
  'DESIGN',
  'DEVELOPMENT',
  'STORAGE',
  'FINANCE_AND_ACCOUNTING',
  'GENERAL_AFFAIRS',
  'HUMAN_RESOURCES',
  'IT_SECURITY',
  'LEGAL',
  'MARKETING',
  'PROJECT_MANAGEMENT',
  'SALES_CRM',
] as const;
export const SOFTWARE_STATUSES = ['ACTIVE', 'TRIAL', 'DEACTIVATED', 'DISCONTINUED'] as const;

/** The account categories of an integration's users tab (spec 3 App user). */
export const USER_CATEGORIES = ['FOLLOWING', 'NO_WORKER', 'VIOLATED', 'VIOLATED_ROLE', 'NO_USER', 'INACTIVE', 'ALUMNI', 'ALL'] as const;
export type UserCategory = (typeof USER_CATEGORIES)[number];

/** Spec 2.3: the custom-app marker (never a real app) and an old office-suite marker. */
export const CUSTOM_APP_ID = 'custom-app';
export const OLD_OFFICE_SUITE_APP_ID = 'office-suite-legacy';
