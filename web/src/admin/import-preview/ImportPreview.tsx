import { useRef, useState } from 'react';
import { IMPORT_PROBLEM_KINDS } from '@directory/core/wire/import-problems.js';
import {
  IMPORT_LAYOUT_LABELS,
  type ImportPreview as Preview,
  previewUrl,
} from '@directory/core/wire/import-preview.js';
import { progressFigures } from '@directory/core/wire/jobs.js';
import { adminRequest, messageOf, uploadForm } from '../api.js';
import { formatNumber } from '../format.js';
import { followJob } from '../jobs.js';
import { TR } from '../messages.js';
import type { JobProgress, UploadOutcome } from '../types.js';
import { UploadReport } from '../UploadReport.js';

type Step =
  | { kind: 'idle' }
  | { kind: 'previewing'; percent: number | null }
  | { kind: 'preview'; jobId: string; preview: Preview; mapping: Record<string, string | null> }
  | { kind: 'importing'; percent: number | null; rows: number }
  | { kind: 'done'; result: UploadOutcome }
  | { kind: 'failed'; message: string };

const T = TR.importPreview;

/**
 * Import in two steps (issue 34): the file is uploaded for a preview (layout, mapping, first rows, counts over
 * the whole file), the admin may change each column's source (a new preview with it), then confirms; the import
 * runs with that mapping, which the api remembers for the layout.
 */
export function ImportPreview() {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const started = useRef(0);

  const follow = async (jobId: string, statusUrl: string) => {
    started.current = Date.now();
    return followJob<Preview>({
      jobId,
      queue: 'import-preview',
      socket: null,
      statusUrl,
      onProgress: (p: JobProgress) =>
        setStep({ kind: 'previewing', percent: progressFigures(p, started.current).percent }),
    });
  };

  const showPreview = async (jobId: string) => {
    const outcome = await follow(jobId, previewUrl(jobId));
    if (outcome.state === 'failed') throw new Error(outcome.reason);
    setStep({ kind: 'preview', jobId, preview: outcome.result, mapping: { ...outcome.result.mapping } });
  };

  const run = (work: () => Promise<void>) =>
    work().catch((error: unknown) => setStep({ kind: 'failed', message: messageOf(error) }));

  const upload = (file: File) =>
    run(async () => {
      setStep({ kind: 'previewing', percent: null });
      const form = new FormData();
      form.append('file', file);
      const { body } = await uploadForm<{ jobId: string }>('/api/admin/imports/preview', form);
      await showPreview(body.jobId);
    });

  const remap = (jobId: string, mapping: Record<string, string | null>) =>
    run(async () => {
      setStep({ kind: 'previewing', percent: null });
      const next = await adminRequest<{ jobId: string }>(`/api/admin/imports/${jobId}/preview`, {
        method: 'POST',
        body: { mapping },
      });
      await showPreview(next.jobId);
    });

  const confirm = (jobId: string, mapping: Record<string, string | null>) =>
    run(async () => {
      setStep({ kind: 'importing', percent: null, rows: 0 });
      const queued = await adminRequest<{ jobId: string; statusUrl: string }>(`/api/admin/imports/${jobId}/confirm`, {
        method: 'POST',
        body: { mapping },
      });
      const begun = Date.now();
      const outcome = await followJob<UploadOutcome>({
        jobId: queued.jobId,
        queue: 'import',
        socket: null,
        statusUrl: queued.statusUrl,
        onProgress: (p: JobProgress) =>
          setStep({ kind: 'importing', percent: progressFigures(p, begun).percent, rows: p.rowsDone ?? 0 }),
      });
      if (outcome.state === 'failed') throw new Error(outcome.reason);
      setStep({ kind: 'done', result: outcome.result });
    });

  return (
    <section className="admin-card import-preview" aria-labelledby="import-preview-title">
      <h3 id="import-preview-title">{T.title}</h3>
      <p className="muted small">{T.intro}</p>
      {(step.kind === 'idle' || step.kind === 'done' || step.kind === 'failed') && (
        <div className="admin-field">
          <label htmlFor="import-preview-file">{T.choose}</label>
          <input
            id="import-preview-file"
            type="file"
            accept=".xlsx,.csv"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
        </div>
      )}
      {step.kind === 'failed' && <p className="error">Hata: {step.message}</p>}
      {step.kind === 'previewing' && <Progress label={T.previewing} percent={step.percent} />}
      {step.kind === 'preview' && (
        <PreviewView
          step={step}
          onChange={(mapping) => void remap(step.jobId, mapping)}
          onConfirm={() => void confirm(step.jobId, step.mapping)}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      )}
      {step.kind === 'importing' && (
        <Progress label={`${T.importing} · ${formatNumber(step.rows)} satır`} percent={step.percent} />
      )}
      {step.kind === 'done' && (
        <>
          <Progress label={T.imported} percent={100} />
          <UploadReport result={step.result} />
        </>
      )}
    </section>
  );
}

function Progress({ label, percent }: { label: string; percent: number | null }) {
  return (
    <div className="job-progress" aria-live="polite">
      <progress max={100} value={percent ?? undefined} aria-label={label} />
      <span className="small">
        {label}
        {percent !== null && ` · %${percent}`}
      </span>
    </div>
  );
}

function PreviewView(props: {
  step: Extract<Step, { kind: 'preview' }>;
  onChange: (mapping: Record<string, string | null>) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { preview, mapping } = props.step;
  const c = preview.counts;
  const targets = Object.keys(preview.mapping);
  const shown = targets.filter((t) => mapping[t] !== null);
  return (
    <div className="preview-body">
      <p>
        <strong>{preview.fileName}</strong> · {T.layout}: <strong>{IMPORT_LAYOUT_LABELS[preview.layout]}</strong> ·{' '}
        {T.source[preview.mappingSource]}
      </p>
      {c ? (
        <dl className="facts counts" aria-label={T.countsLabel}>
          <Fact label={T.total} value={c.totalRows} />
          <Fact label={T.new} value={c.new} />
          <Fact label={T.updated} value={c.updated} />
          <Fact label={T.skipped} value={c.skipped} />
          <Fact label={T.withProblems} value={c.withProblems} />
        </dl>
      ) : (
        <p className="error">{T.noName}</p>
      )}
      {c && IMPORT_PROBLEM_KINDS.some((k) => c.problemCounts[k]) && (
        <p className="small">
          {TR.importProblems.title('')}{' '}
          {IMPORT_PROBLEM_KINDS.filter((k) => c.problemCounts[k])
            .map((k) => `${TR.importProblems.labels[k]}: ${formatNumber(c.problemCounts[k]!)}`)
            .join(' · ')}
        </p>
      )}
      <details open>
        <summary>{T.mapping}</summary>
        <div className="mapping-grid">
          {targets.map((target) => (
            <div className="admin-field" key={target}>
              <label htmlFor={`map-${target}`}>{target}</label>
              <select
                id={`map-${target}`}
                value={mapping[target] ?? ''}
                onChange={(e) =>
                  props.onChange({ ...mapping, [target]: e.target.value === '' ? null : e.target.value })
                }
              >
                <option value="">{T.notRead}</option>
                {preview.headers.map((header, i) => (
                  <option key={`${header}-${i}`} value={header}>
                    {header}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      </details>
      <div className="table-scroll">
        <table className="preview-rows" aria-label={T.rowsLabel}>
          <thead>
            <tr>
              <th scope="col">Satır</th>
              {shown.map((t) => (
                <th scope="col" key={t}>
                  {t}
                </th>
              ))}
              <th scope="col">Sorun</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.rowNumber}>
                <td>{row.rowNumber}</td>
                {shown.map((t) => (
                  <td key={t}>{row.values[t] ?? ''}</td>
                ))}
                <td>{row.problem ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-toolbar">
        <button type="button" onClick={props.onConfirm} disabled={!c}>
          {T.confirm}
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          {T.cancel}
        </button>
      </div>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{formatNumber(value)}</dd>
    </div>
  );
}
