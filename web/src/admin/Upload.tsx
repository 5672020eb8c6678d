import { useRef, useState } from 'react';
import { adminRequest, ApiError, messageOf, uploadForm } from './api.js';
import { formatBytes, formatNumber } from './format.js';
import { DATA_KEYS, useRefresh } from './hooks.js';
import { followJob, openJobSocket } from './jobs.js';
import { TR } from './messages.js';
import { PageHead } from './parts.js';
import { DEFAULT_BATCH_SIZE, XLS_NOT_READ_MESSAGE } from '@directory/core/wire/uploads.js';
import {
  BATCH_SIZE_CHOICES,
  hasUploadExtension,
  splitBySize,
  templateCsv,
  UPLOAD_GAP_MS,
  uploadSummary,
} from './rules.js';
import { useToast } from './toast.js';
import type { JobProgress, UploadOutcome } from './types.js';
import { UploadReport } from './UploadReport.js';
import { RunningImports } from './jobs-centre/RunningImports.js';
import { ImportPreview } from './import-preview/ImportPreview.js';
import { screenAnnounces } from './jobs-centre/JobsProvider.js';
import { progressFigures } from '@directory/core/wire/jobs.js';

type Status = 'waiting' | 'uploading' | 'importing' | 'done' | 'failed';

interface Entry {
  key: string;
  file: File;
  status: Status;
  /** Bytes sent, 0–100. */
  sent: number;
  progress: JobProgress | null;
  jobId?: string;
  cancelling?: boolean;
  result?: UploadOutcome;
}

const PHASES: Record<string, string> = {
  queued: 'Sırada',
  reading: 'Dosya okunuyor',
  writing: 'Kaydediliyor',
  saving: 'Tamamlanıyor',
  done: 'Bitti',
};

const CANCELLED = 'İçe aktarma iptal edildi; dosyadan hiçbir şey kaydedilmedi.';

/** A failure result for a file that did not import (admin spec §4, §8). */
function failure(file: File, message: string): UploadOutcome {
  return {
    success: false,
    message: `Error: ${message}`,
    fileName: file.name,
    totalRows: 0,
    successCount: 0,
    errorCount: 0,
    skippedCount: 0,
    errors: [],
    skippedBusinesses: [],
  };
}

/** Admin spec §2 Excel upload: files one after another, live progress per file over socket.io, reports. */
export function Upload() {
  const toast = useToast();
  const refresh = useRefresh();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [batchSize, setBatchSize] = useState<number>(DEFAULT_BATCH_SIZE);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const aborts = useRef(new Map<string, AbortController>());
  /** Files whose import the admin cancelled: their failure says so. */
  const cancelled = useRef(new Set<string>());

  const update = (key: string, change: Partial<Entry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));

  const addFiles = (files: File[]) => {
    const wrongType = files.filter((f) => !hasUploadExtension(f.name));
    const { accepted, tooLarge } = splitBySize(files.filter((f) => hasUploadExtension(f.name)));
    if (tooLarge.length > 0) {
      toast({
        title: 'Dosya çok büyük',
        description: `${tooLarge.map((f) => `"${f.name}"`).join(', ')} 150MB'dan büyük; her dosya en fazla 150 MB olabilir.`,
        variant: 'destructive',
      });
    } else if (wrongType.length > 0) {
      toast({
        title: 'Invalid File Type',
        description: `${wrongType.map((f) => `"${f.name}"`).join(', ')}: yalnızca .xlsx ve .csv dosyaları yüklenebilir.${wrongType.some((f) => /\.xls$/i.test(f.name)) ? ` ${XLS_NOT_READ_MESSAGE}` : ''}`,
        variant: 'destructive',
      });
    }
    setEntries((list) => [
      ...list.filter((e) => e.status !== 'waiting' || !accepted.some((f) => sameFile(f, e.file))),
      ...accepted.map((file) => ({
        key: `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2, 7)}`,
        file,
        status: 'waiting' as const,
        sent: 0,
        progress: null,
      })),
    ]);
  };

  const downloadTemplate = () => {
    const url = URL.createObjectURL(new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'isletme-yukleme-sablonu.csv';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const uploadOne = async (entry: Entry, index: number, total: number, socket: ReturnType<typeof openJobSocket>) => {
    const controller = new AbortController();
    aborts.current.set(entry.key, controller);
    update(entry.key, { status: 'uploading', sent: 0, progress: null, result: undefined });
    try {
      const form = new FormData();
      form.append('batchSize', String(batchSize));
      form.append('fileIndex', String(index));
      form.append('totalFiles', String(total));
      form.append('file', entry.file, entry.file.name);
      const answer = await uploadForm<UploadOutcome & { jobId: string; statusUrl?: string }>(
        '/api/upload-excel-batch?wait=false',
        form,
        ({ loaded, total: size }) => update(entry.key, { sent: size ? Math.round((loaded / size) * 100) : 0 }),
        controller.signal,
      );
      let result: UploadOutcome;
      if (answer.status === 200) {
        result = answer.body;
      } else {
        const jobId = answer.body.jobId;
        update(entry.key, { status: 'importing', sent: 100, jobId, progress: { phase: 'queued', rowsDone: 0 } });
        const outcome = await followJob<UploadOutcome>({
          jobId,
          queue: 'import',
          socket,
          statusUrl: `/api/admin/jobs/${encodeURIComponent(jobId)}?queue=import`,
          onProgress: (progress) => update(entry.key, { progress }),
          signal: controller.signal,
        });
        const wasCancelled =
          outcome.state === 'failed' &&
          (cancelled.current.has(entry.key) ||
            /cancelled (by an administrator|before it started)/i.test(outcome.reason));
        result =
          outcome.state === 'completed'
            ? outcome.result
            : wasCancelled
              ? { ...failure(entry.file, CANCELLED), cancelled: true }
              : failure(entry.file, TR.upload.failed(entry.file.name, outcome.reason));
      }
      update(entry.key, { status: result.success ? 'done' : 'failed', result, cancelling: false });
      return result;
    } catch (error) {
      const text =
        (error as Error).name === 'AbortError'
          ? CANCELLED
          : error instanceof ApiError
            ? error.serverMessage
            : messageOf(error);
      const aborted = (error as Error).name === 'AbortError';
      const result = aborted
        ? { ...failure(entry.file, CANCELLED), cancelled: true }
        : failure(entry.file, TR.upload.failed(entry.file.name, text));
      update(entry.key, { status: 'failed', result, cancelling: false });
      return result;
    } finally {
      aborts.current.delete(entry.key);
      cancelled.current.delete(entry.key);
    }
  };

  const start = async () => {
    const queue = entries.filter((e) => e.status === 'waiting' || e.status === 'failed');
    if (queue.length === 0 || uploading) return;
    setUploading(true);
    const socket = openJobSocket();
    const announced = screenAnnounces('import'); // the summary toast below tells how the imports ended
    const results: UploadOutcome[] = [];
    try {
      for (const [index, entry] of queue.entries()) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, UPLOAD_GAP_MS));
        results.push(await uploadOne(entry, index, queue.length, socket));
      }
      const summary = uploadSummary(results);
      toast({
        title: summary.title,
        description: summary.description,
        variant: 'destructive' in summary ? 'destructive' : 'default',
      });
    } catch (error) {
      toast({ title: 'Yükleme hatası', description: messageOf(error), variant: 'destructive' });
    } finally {
      socket.close();
      announced();
      setUploading(false);
      await refresh(...DATA_KEYS, '/api/admin/upload-reports');
    }
  };

  const cancel = async (entry: Entry) => {
    if (entry.status === 'uploading' || !entry.jobId) {
      aborts.current.get(entry.key)?.abort();
      return;
    }
    update(entry.key, { cancelling: true });
    try {
      cancelled.current.add(entry.key);
      await adminRequest(`/api/admin/jobs/${encodeURIComponent(entry.jobId)}/cancel?queue=import`, { method: 'POST' });
      toast({
        title: 'İçe aktarma iptal ediliyor',
        description: `"${entry.file.name}": dosyadan hiçbir şey kaydedilmeyecek.`,
      });
    } catch (error) {
      cancelled.current.delete(entry.key);
      update(entry.key, { cancelling: false });
      toast({ title: 'İptal edilemedi', description: messageOf(error), variant: 'destructive' });
    }
  };

  const remove = (key: string) => setEntries((list) => list.filter((e) => e.key !== key));
  const clearAll = () => setEntries((list) => list.filter((e) => e.status === 'uploading' || e.status === 'importing'));
  const pending = entries.filter((e) => e.status === 'waiting' || e.status === 'failed').length;

  return (
    <section className="admin-page" aria-labelledby="upload-title">
      <PageHead
        id="upload-title"
        title="Excel Yükleme"
        intro="Excel (.xlsx) veya CSV dosyalarından işletmeleri toplu olarak ekleyin ya da güncelleyin. Aynı place_id'ye sahip işletmeler güncellenir."
      >
        <button type="button" className="secondary" onClick={downloadTemplate}>
          Örnek Şablon İndir
        </button>
      </PageHead>

      <div className="admin-card">
        <div
          className={`dropzone${dragging ? ' dragging' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            addFiles(Array.from(e.dataTransfer.files));
          }}
        >
          <label htmlFor="upload-files" className="dropzone-label">
            <strong>Dosya seçin</strong> veya buraya sürükleyin
            <span className="muted small">.xlsx, .csv · dosya başına en fazla 150 MB · birden çok dosya</span>
          </label>
          <input
            id="upload-files"
            type="file"
            multiple
            accept=".xlsx,.csv"
            onChange={(e) => {
              addFiles(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
        </div>

        <div className="admin-toolbar">
          <div className="admin-field">
            <label htmlFor="batch-size">Toplu işlem boyutu</label>
            <select
              id="batch-size"
              value={batchSize}
              onChange={(e) => setBatchSize(Number(e.target.value))}
              disabled={uploading}
            >
              {BATCH_SIZE_CHOICES.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </select>
          </div>
          <button type="button" onClick={start} disabled={uploading || pending === 0}>
            {uploading ? 'Yükleniyor...' : `Yüklemeyi Başlat${pending ? ` (${pending})` : ''}`}
          </button>
          <button type="button" className="secondary" onClick={clearAll} disabled={entries.length === 0}>
            Tümünü Temizle
          </button>
        </div>

        <RunningImports ownJobIds={entries.flatMap((e) => (e.jobId ? [e.jobId] : []))} />
        {entries.length === 0 ? (
          <p className="muted">Henüz dosya seçilmedi.</p>
        ) : (
          <ul className="file-list" aria-label="Seçilen dosyalar">
            {entries.map((entry) => (
              <FileItem
                key={entry.key}
                entry={entry}
                onRemove={() => remove(entry.key)}
                onCancel={() => cancel(entry)}
              />
            ))}
          </ul>
        )}
      </div>
      <ImportPreview />
    </section>
  );
}

function sameFile(a: File, b: File) {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

function FileItem({ entry, onRemove, onCancel }: { entry: Entry; onRemove: () => void; onCancel: () => void }) {
  const running = entry.status === 'uploading' || entry.status === 'importing';
  const p = entry.progress;
  // Bytes read of the file's total (issue 34), else rows of a known total.
  const importPercent = progressFigures(p, null).percent ?? undefined;
  let label = '';
  if (entry.status === 'uploading') label = `Gönderiliyor: %${entry.sent}`;
  if (entry.status === 'importing') {
    label = `${PHASES[p?.phase ?? 'queued'] ?? p?.phase}${importPercent !== undefined ? ` %${importPercent}` : ''}${p?.rowsDone ? `: ${formatNumber(p.rowsDone)}${p.rowsTotal ? ` / ${formatNumber(p.rowsTotal)}` : ''} satır` : ''}`;
    if (entry.cancelling) label = 'İptal ediliyor...';
  }
  return (
    <li className={`file-item ${entry.status}`}>
      <div className="file-head">
        <span className="file-name">
          <strong>{entry.file.name}</strong> <span className="muted small">{formatBytes(entry.file.size)}</span>
        </span>
        <span className="file-actions">
          {entry.status === 'waiting' && <span className="badge">Bekliyor</span>}
          {running && (
            <button
              type="button"
              className="secondary"
              onClick={onCancel}
              disabled={entry.cancelling}
              aria-label={`İptal et: ${entry.file.name}`}
            >
              İptal et
            </button>
          )}
          {!running && (
            <button type="button" className="icon-button" onClick={onRemove} aria-label={`Kaldır: ${entry.file.name}`}>
              ×
            </button>
          )}
        </span>
      </div>
      {running && (
        <div className="job-progress" aria-live="polite">
          <progress
            max={100}
            value={entry.status === 'uploading' ? entry.sent : importPercent}
            aria-label={`${entry.file.name} ilerlemesi`}
          />
          <span className="small">{label}</span>
        </div>
      )}
      {entry.result && <UploadReport result={entry.result} />}
    </li>
  );
}
