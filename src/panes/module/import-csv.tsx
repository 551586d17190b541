// The CSV import wizard every `import-csv` route uses (spec 2.3, 4, 5, 7):
// #upload-file → #preview-file (dry run) → #import-data (the real import).
// Next from upload runs the dry run; Next from preview runs the real import
// and moves to #import-data, which shows its progress, then an error summary
// or the completion dialog (spec 2.5). The uploaded file's key lives in the
// URL (uploadedFileKey), and a background import's job id too
// (processingState), so Back, a reload and a shared link keep the wizard
// where it was; with no uploaded file every step returns to upload, and
// #import-data with no import under way returns to the preview.
//
// The one wizard of every import: what it imports into is an ImportTarget
// (title, the dry-run/import call, what to refresh after, where the list is,
// the download commands, an optional header). Modules get theirs from
// moduleImportTarget(m); an integration's accounts from
// src/panes/software/integration-import.tsx.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiCall, ApiError, NoDataError } from '../../api/client.js';
import type { CsvImportBody } from '../../api/contracts/csv-import.js';
import { presignImportCsv } from '../../api/contracts/storage.js';
import { checkCsvFiles } from './csv-files.js';
import { type CsvImportResult, type CsvRecord, csvImportJob, moduleContracts } from '../../api/modules/contracts.js';
import type { ModuleDef } from '../../api/modules/define.js';
import { CommandButton } from '../../commands/command-button.js';
import { keyLabel } from '../../commands/registry.js';
import { formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { PageButtons } from '../../tables/page-buttons.js';
import { Modal } from '../dialogs.js';
import { CSV_WIZARD_KEYS, csvWizard } from './csv-wizard-store.js';

/** What the wizard imports into. */
export interface ImportTarget {
  /** The wizard's pane scope is `pane:<id>.import` (its keys: o to choose a
   * file, and the steps of src/commands/csv-wizard.commands.ts). */
  id: string;
  /** Root of the wizard's own query keys (the dry runs). */
  queryKey: readonly unknown[];
  title(t: TFunction): string;
  /** Shown under the title (e.g. the integration and its contract). */
  header?: ReactNode;
  /** What the upload step says about the file. */
  uploadHelp?(t: TFunction): string;
  /** The dry run or the import of an uploaded file. */
  run(api: ApiCall, body: CsvImportBody, signal?: AbortSignal): Promise<CsvImportResult>;
  /** Query key roots a finished import makes stale. */
  invalidate: readonly string[];
  /** Where the completion dialog leads ("back to the list"). */
  done: { to: string; search?: Record<string, unknown>; label(t: TFunction): string };
  /** Command ids offered on the upload step: the template, the current data. */
  commands: readonly string[];
  /** More of the preview's summary (e.g. the rows the import deletes). */
  summaryExtra?(result: CsvImportResult, t: TFunction): ReactNode;
  /** The completion dialog's text after an import in the request. */
  doneBody?(summary: CsvImportResult['summary'], t: TFunction): string;
}

/** A module's import: its csvImport call, its list, its export commands. */
export function moduleImportTarget(m: ModuleDef): ImportTarget {
  const c = moduleContracts(m);
  return {
    id: m.id,
    queryKey: [m.id],
    title: (t) => `${t(`${m.id}:title`)} / ${t('routes:pages.import-csv')}`,
    run: (api, body, signal) => api(c.csvImport!, { body: body as never }, { signal }),
    invalidate: [m.id],
    done: { to: m.paths.list, label: (t) => t('csv.toList', { title: t(`${m.id}:title`) }) },
    commands: [`${m.id}.exportTemplate`, `${m.id}.exportEdit`],
  };
}

type Step = 'upload-file' | 'preview-file' | 'import-data';
type Encoding = 'auto' | 'UTF-8' | 'Shift_JIS';
const STEPS: Step[] = ['upload-file', 'preview-file', 'import-data'];

function Stepper({ step }: { step: Step }) {
  const { t } = useTranslation();
  const at = STEPS.indexOf(step);
  return (
    <ol className="stepper" aria-label={t('csv.steps')}>
      {STEPS.map((s, i) => (
        <li key={s} className={i < at ? 'completed' : i === at ? 'active' : 'pending'} aria-current={i === at ? 'step' : undefined}>
          <span className="mono">{i + 1}</span> {t(`csv.step.${s}`)}
        </li>
      ))}
    </ol>
  );
}

/** Cell text over 10 characters is cut at 120 px; the whole text is its tooltip. */
function Cell({ value, errors }: { value: string; errors: string[] }) {
  const long = value.length > 10;
  return (
    <td className={errors.length ? 'cell-error' : undefined} title={[long ? value : '', ...errors].filter(Boolean).join('\n') || undefined}>
      <span className={long ? 'truncate' : undefined}>{value}</span>
      {errors.length > 0 && <span className="cell-error-text">{errors.join(' ')}</span>}
    </td>
  );
}

/** The whole file's rows and cells (every row, whatever the page or the
 * error filter): each valid row is counted in the summary, each invalid one
 * in the error rows; the columns are the file's headers (a missing required
 * header is listed too, with an empty value, but is not a column). */
export function fileCounts(result: CsvImportResult): { rows: number; columns: number; cells: number } {
  const rows = result.summary.create + result.summary.update + result.summary.unchanged + result.errors.rows;
  const columns = result.headers.filter((h) => h.value !== '').length;
  return { rows, columns, cells: rows * columns };
}

/** A row's errors for its tooltip: the whole-row ones, then each cell's,
 * named by its column. */
export function rowErrors(result: CsvImportResult, r: CsvRecord): string[] {
  const cells = r.values.flatMap((v, i) => {
    const header = result.headers[i]?.value;
    return v.errors.map((e) => (header ? `${header}: ${e}` : e));
  });
  return [...r.recordErrors, ...cells];
}

function Preview({ result, pageIndex, pageSize, onPage, extra }: { result: CsvImportResult; pageIndex: number; pageSize: number; onPage: (p: number) => void; extra?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(i18n.language, v);
  const pages = Math.max(1, Math.ceil(result.recordCount / pageSize));
  const { rows, cells } = fileCounts(result);
  return (
    <>
      <ul className="csv-summary" aria-label={t('csv.summary')}>
        <li>{t('csv.counts.rows', { count: rows, n: n(rows) })}</li>
        <li>{t('csv.counts.cells', { n: n(cells) })}</li>
        <li className={result.errors.headers ? 'bad' : undefined}>{t('csv.counts.headerErrors', { n: n(result.errors.headers) })}</li>
        <li className={result.errors.rows ? 'bad' : undefined}>{t('csv.counts.rowErrors', { n: n(result.errors.rows) })}</li>
        <li className={result.errors.cells ? 'bad' : undefined}>{t('csv.counts.cellErrors', { n: n(result.errors.cells) })}</li>
        <li>{t('csv.counts.actions', { create: n(result.summary.create), update: n(result.summary.update), unchanged: n(result.summary.unchanged) })}</li>
        {extra}
        <li className="muted">{t('csv.encoding', { encoding: result.encoding })}</li>
      </ul>
      {result.headers.some((h) => h.errors.length) && (
        <ul className="form-error" role="alert" aria-label={t('csv.headerErrors')}>
          {result.headers.flatMap((h, i) => h.errors.map((e) => <li key={`${i}-${e}`}>{e}</li>))}
        </ul>
      )}
      <div className="csv-preview" tabIndex={0} role="region" aria-label={t('csv.preview')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('csv.line')}</th>
              <th scope="col">{t('csv.action')}</th>
              {result.headers
                .filter((h) => h.value !== '' || h.field)
                .map((h, i) => (
                  <th key={i} scope="col" className={h.errors.length ? 'cell-error' : undefined}>
                    {h.value}
                  </th>
                ))}
            </tr>
          </thead>
          <tbody>
            {result.records.map((r) => (
              <tr key={r.line} className={r.isValid ? undefined : 'row-error'}>
                <th scope="row" className="mono" title={rowErrors(result, r).join('\n') || undefined}>
                  {r.line}
                  {!r.isValid && <span className="badge bad">{t('csv.errorCount', { count: r.values.reduce((s, v) => s + v.errors.length, 0) + r.recordErrors.length })}</span>}
                  {r.recordErrors.length > 0 && <span className="cell-error-text">{r.recordErrors.join(' ')}</span>}
                </th>
                <td>{r.isValid ? t(`csv.will.${r.action}`) : '—'}</td>
                {r.values.map((v, i) => (
                  <Cell key={i} value={v.value} errors={v.errors} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="pager" aria-label={t('grid.paging')}>
          <PageButtons pageIndex={pageIndex} pages={pages} onPage={onPage} />
        </nav>
      )}
    </>
  );
}

/** A module's import page. */
export function ImportCsvPane({ m }: { m: ModuleDef }) {
  return <ImportCsvWizard target={moduleImportTarget(m)} />;
}

export function ImportCsvWizard({ target }: { target: ImportTarget }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const search = useSearch({ strict: false }) as { pageIndex?: number; pageSize?: number; uploadedFileKey?: string; filterError?: boolean; processingState?: string };
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [encoding, setEncoding] = useState<Encoding>('auto');
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // The wizard holds the focus, so its keys (o: choose a file) work at once.
  const paneRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Unless the user already moved into the wizard (a control has the focus).
    if (!paneRef.current?.contains(document.activeElement)) paneRef.current?.focus();
  }, []);
  const key = search.uploadedFileKey;
  const wanted = (location.hash || 'upload-file') as Step;
  // Without an uploaded file, every step is the upload step.
  const step: Step = !key ? 'upload-file' : STEPS.includes(wanted) ? wanted : 'upload-file';
  // (processingState, read below, holds a background import's job id.)
  const pageIndex = search.pageIndex ?? 0;
  const pageSize = search.pageSize ?? 100;
  const go = (hash: Step, patch: Record<string, unknown> = {}, replace = false) =>
    void navigate({ to: '.', hash, replace, search: ((prev: Record<string, unknown>) => ({ ...prev, ...patch })) as never });

  const upload = useMutation({
    mutationFn: async (file: File) => {
      let presigned: { url: string; key: string };
      try {
        presigned = await api(presignImportCsv, { query: { filename: file.name } });
      } catch (e) {
        throw new Error(e instanceof ApiError ? `${t('csv.presignFailed')}: ${e.body.message}` : t('csv.presignFailed'), { cause: e });
      }
      const put = await fetch(presigned.url, { method: 'PUT', headers: { 'Content-Type': 'text/csv' }, body: file });
      if (!put.ok) throw new Error(t('csv.uploadFailed', { status: put.status }));
      return presigned.key;
    },
    onSuccess: (uploaded) => go('preview-file', { uploadedFileKey: uploaded, pageIndex: 0, filterError: false }),
    onError: (e) => setFileError(e instanceof Error ? e.message : String(e)),
  });

  const take = (files: ArrayLike<File>) => {
    const problem = checkCsvFiles(files);
    // A drop of several files is ignored (spec 5).
    if (problem === 'several' || problem === 'none') return;
    if (problem) {
      setFileError(t(`csv.fileError.${problem}`));
      return;
    }
    const file = files[0] as File;
    setFileError(null);
    setFileName(file.name);
    upload.mutate(file);
  };

  // A dry run or an import that answered no data (a 204, an empty body,
  // null) says so (spec 7), rather than failing on the missing result.
  const withData = async (call: Promise<CsvImportResult | undefined>): Promise<CsvImportResult> => {
    let r: CsvImportResult | undefined;
    try {
      r = await call;
    } catch (e) {
      throw e instanceof NoDataError ? new Error(t('csv.noData'), { cause: e }) : e;
    }
    if (!r) throw new Error(t('csv.noData'));
    return r;
  };
  const dryrun = useQuery({
    queryKey: [...target.queryKey, 'csv-dryrun', key, encoding, pageIndex, pageSize, !!search.filterError],
    enabled: !!key && step === 'preview-file',
    retry: false,
    queryFn: ({ signal }) => withData(target.run(api, { encoding, dryrun: true, uploadedFileKey: key as string, pageIndex, pageSize, filterError: !!search.filterError }, signal)),
  });
  const invalidate = () => Promise.all(target.invalidate.map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
  const hasErrors = !!dryrun.data && (dryrun.data.errors.rows > 0 || dryrun.data.errors.cells > 0 || dryrun.data.errors.headers > 0);

  const run = useMutation({
    mutationFn: () => withData(target.run(api, { encoding, dryrun: false, uploadedFileKey: key as string, pageIndex: 0, pageSize: 100 })),
    onSuccess: async (r) => {
      // A large file imports in the background: the URL keeps its job, so the
      // progress survives a reload.
      if (r.jobId) go('import-data', { processingState: r.jobId }, true);
      else await invalidate();
    },
  });
  // Next from the preview: the real import, shown on the import step.
  const requested = useRef(false);
  const startImport = () => {
    requested.current = true;
    run.mutate();
    go('import-data', { processingState: undefined });
  };
  const backToPreview = () => {
    requested.current = false;
    run.reset();
    go('preview-file', { processingState: undefined });
  };
  const jobId = search.processingState && /^\d+$/.test(search.processingState) ? search.processingState : null;
  const job = useQuery({
    queryKey: ['csv-import-job', jobId],
    enabled: !!jobId && step === 'import-data',
    queryFn: ({ signal }) => api(csvImportJob, { params: { jobId: jobId as string } }, { signal }),
    refetchInterval: (q) => (q.state.data && (q.state.data.state === 'done' || q.state.data.state === 'failed') ? false : 1000),
  });
  const jobDone = job.data?.state === 'done';
  useEffect(() => {
    if (jobDone) void invalidate();
    // Once, when the job is done (target is a new object every render).
  }, [jobDone]);
  const finished = (run.isSuccess && !run.data.jobId) || jobDone;
  const summary = run.data?.summary;
  // #import-data with no import under way (a reload after an inline import,
  // a link, Forward after Back): the import starts from the preview's Next.
  const idle = step === 'import-data' && !jobId && run.isIdle;
  useEffect(() => {
    if (idle && !requested.current) go('preview-file', { processingState: undefined }, true);
  });
  // A step change unmounts the control that had the focus: the wizard takes
  // it back, so its keys keep working and the next Tab starts inside it.
  useEffect(() => {
    const pane = paneRef.current;
    if (pane && !pane.contains(document.activeElement) && !document.querySelector('dialog[open]')) pane.focus();
  }, [step, run.status]);
  const failure = run.error
    ? [
        run.error instanceof ApiError ? run.error.body.message : run.error.message,
        ...(run.error instanceof ApiError ? Object.values(run.error.body.fieldErrors ?? {}).flat() : []),
      ]
    : job.data?.state === 'failed'
      ? [job.data.error ?? t('csv.failed')]
      : null;
  const working = run.isPending || (!!jobId && !failure && !jobDone);
  const backToUpload = () => go('upload-file', { uploadedFileKey: undefined, pageIndex: 0, filterError: false });
  const canNext = step === 'preview-file' && !!dryrun.data && !hasErrors && !run.isPending;
  // The steps the wizard's commands run now (src/commands/csv-wizard.commands.ts).
  const scope = `pane:${target.id}.import`;
  useEffect(() => {
    csvWizard.set({
      scope,
      next: canNext ? startImport : null,
      back: step === 'preview-file' ? backToUpload : step === 'import-data' && !working ? backToPreview : null,
      toggleErrors: step === 'preview-file' && dryrun.data ? () => go('preview-file', { filterError: !search.filterError, pageIndex: 0 }) : null,
    });
  });
  useEffect(() => () => csvWizard.set(null), []);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };

  return (
    <section className="pane csv-wizard" aria-labelledby="pane-title" data-scope={scope} tabIndex={-1} ref={paneRef}>
      <h1 id="pane-title" className="pane-title">
        {target.title(t)}
      </h1>
      {target.header}
      <Stepper step={step} />

      {step === 'upload-file' && (
        <div className="csv-step">
          <p>{target.uploadHelp ? target.uploadHelp(t) : t('csv.uploadHelp')}</p>
          <div className="toolbar-actions">
            {target.commands.map((id) => (
              <CommandButton key={id} id={id} />
            ))}
          </div>
          <div className="form-field">
            <label htmlFor={`${inputId}-enc`}>{t('csv.encodingLabel')}</label>
            <select id={`${inputId}-enc`} value={encoding} onChange={(e) => setEncoding(e.target.value as Encoding)}>
              <option value="auto">{t('csv.encodingAuto')}</option>
              <option value="UTF-8">UTF-8</option>
              <option value="Shift_JIS">Shift_JIS</option>
            </select>
          </div>
          <div
            className={`dropzone${dragging ? ' dragging' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <p>{t('csv.drop')}</p>
            <input
              id={inputId}
              ref={fileRef}
              className="visually-hidden file-input"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                if (e.target.files) take(e.target.files);
                // The same file again (after a failed upload, or fixed on
                // disk) must be a change too.
                e.target.value = '';
              }}
            />
            <label htmlFor={inputId} className="button">
              {t('csv.choose')} <kbd className="mono">o</kbd>
            </label>
            {fileName && <p className="mono">{fileName}</p>}
            {upload.isPending && <p role="status">{t('csv.uploading')}</p>}
          </div>
          {fileError && (
            <p className="form-error" role="alert">
              {fileError}
            </p>
          )}
        </div>
      )}

      {step === 'preview-file' && (
        <div className="csv-step">
          {dryrun.isLoading && <p role="status">{t('csv.checking')}</p>}
          {dryrun.error && (
            <p className="form-error" role="alert">
              {dryrun.error instanceof ApiError ? dryrun.error.body.message : dryrun.error.message}
            </p>
          )}
          {dryrun.data && (
            <>
              <label className="inline-check">
                <input type="checkbox" checked={!!search.filterError} onChange={(e) => go('preview-file', { filterError: e.target.checked, pageIndex: 0 })} />
                {t('csv.onlyErrors')} <kbd className="mono">{keyLabel(CSV_WIZARD_KEYS.toggleErrors)}</kbd>
              </label>
              <Preview
                result={dryrun.data}
                pageIndex={pageIndex}
                pageSize={pageSize}
                onPage={(p) => go('preview-file', { pageIndex: p })}
                extra={target.summaryExtra?.(dryrun.data, t)}
              />
            </>
          )}
          <div className="form-actions">
            <button type="button" className="secondary" onClick={backToUpload}>
              {t('csv.back')} <kbd className="mono">{keyLabel(CSV_WIZARD_KEYS.back)}</kbd>
            </button>
            <button type="button" disabled={!canNext} onClick={startImport}>
              {t('csv.next')} <kbd className="mono">{keyLabel(CSV_WIZARD_KEYS.next)}</kbd>
            </button>
          </div>
          {hasErrors && <p className="muted">{t('csv.fixFirst')}</p>}
        </div>
      )}

      {step === 'import-data' && (
        <div className="csv-step">
          <p>{t('csv.importHelp')}</p>
          {run.isPending && (
            <div className="csv-progress">
              <progress aria-label={t('csv.progress')} />
              <p role="status">{t('csv.importing')}</p>
            </div>
          )}
          {jobId && job.data && (
            <div className="csv-progress">
              <progress max={Math.max(1, job.data.total)} value={job.data.done} aria-label={t('csv.progress')} />
              <p role="status" className="mono">
                {t('csv.progressText', { done: formatNumber(i18n.language, job.data.done), total: formatNumber(i18n.language, job.data.total) })}
              </p>
            </div>
          )}
          {failure && (
            <div className="form-error" role="alert" aria-labelledby="csv-failed-title">
              <h2 id="csv-failed-title">{t('csv.failedTitle')}</h2>
              <ul>
                {failure.map((e, i) => (
                  <li key={i}>{e}</li>
                ))}
              </ul>
              <p>{t('csv.failedHelp')}</p>
            </div>
          )}
          <div className="form-actions">
            <button type="button" className="secondary" onClick={backToPreview} disabled={working}>
              {t('csv.back')} <kbd className="mono">{keyLabel(CSV_WIZARD_KEYS.back)}</kbd>
            </button>
          </div>
        </div>
      )}

      {finished && (
        <Modal labelledBy="csv-done-title" onCancel={() => void navigate({ to: target.done.to, ...(target.done.search ? { search: target.done.search as never } : {}) })}>
          <h2 id="csv-done-title">{t('csv.doneTitle')}</h2>
          <p>
            {summary
              ? target.doneBody
                ? target.doneBody(summary, t)
                : t('csv.doneBody', { create: summary.create, update: summary.update, unchanged: summary.unchanged })
              : t('csv.doneRows', { count: job.data?.total ?? 0 })}
          </p>
          <div className="modal-actions">
            <Link to={target.done.to} {...(target.done.search ? { search: target.done.search as never } : {})} className="button" data-autofocus>
              {target.done.label(t)}
            </Link>
          </div>
        </Modal>
      )}
    </section>
  );
}
