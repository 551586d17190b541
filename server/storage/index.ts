// The storage driver of this process, chosen by STORAGE_DRIVER.
import type { Config } from '../config.js';
import { createLocalStorage } from './local.js';
import { createS3Storage, s3Origin } from './s3.js';
import type { FileStorage } from './storage.js';

export type { FileStorage } from './storage.js';
export { StorageNotFound, StorageTooLarge, keyBelongsTo, readWithin, uploadKey } from './storage.js';

export function createStorage(config: Config): FileStorage {
  return config.STORAGE_DRIVER === 's3' ? createS3Storage(config) : createLocalStorage(config);
}

/** Another origin the browser must reach for files (CSP), or null for the
 * local driver, whose URLs are on our own origin. */
export function storageOrigin(config: Config): string | null {
  return config.STORAGE_DRIVER === 's3' ? s3Origin(config) : null;
}
