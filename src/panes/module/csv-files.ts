// What the CSV upload step accepts (spec 5): exactly one .csv file below
// 10 MB. A drop of several files is ignored; a wrong type or a large file
// gets its message.
import { CSV_MAX_BYTES } from '../../api/contracts/storage.js';

export type CsvFileProblem = 'several' | 'type' | 'size' | 'none';

export function checkCsvFiles(files: ArrayLike<{ name: string; size: number }>): CsvFileProblem | null {
  if (files.length === 0) return 'none';
  if (files.length > 1) return 'several';
  const f = files[0]!;
  if (!/\.csv$/i.test(f.name)) return 'type';
  if (f.size >= CSV_MAX_BYTES) return 'size';
  return null;
}
