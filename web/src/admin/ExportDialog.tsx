import { useEffect, useId, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import type { DateRange } from '@directory/core/wire/exports.js';
import { adminRequest, messageOf } from './api.js';
import { Modal } from './dialog.js';
import { countryName, formatNumber } from './format.js';
import { useCategories } from './hooks.js';
import { followJob, openJobSocket } from './jobs.js';
import {
  DATE_RANGE_CHOICES,
  DEFAULT_EXPORT_FIELDS,
  EXPORT_FIELDS,
  type ExportField,
  exportBody,
  FIELD_LABELS,
  FRESH,
  matchCategories,
} from './rules.js';
import { useToast } from './toast.js';
import { screenAnnounces } from './jobs-centre/JobsProvider.js';
import type { JobProgress } from './types.js';

interface ExportResult {
  fileName: string;
  rows: number;
  bytes: number;
}

/**
 * Admin spec §2 export dialog: country, upload date, categories, fields; the export runs as a worker job
 * whose progress arrives over socket.io (and the status call), then the file is downloaded.
 */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const ids = useId();
  // Admin spec §7: the country codes are fetched only while the dialog is open.
  const countries = useSWR<string[]>(open ? '/api/admin/country-codes' : null, {
    dedupingInterval: FRESH.countryCodes,
  });
  const categories = useCategories();
  const [countryCode, setCountryCode] = useState('all');
  const [dateRange, setDateRange] = useState<DateRange>('all');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [chosenCategories, setChosenCategories] = useState<string[]>([]);
  const [categoryQuery, setCategoryQuery] = useState('');
  const [fields, setFields] = useState<ExportField[]>([...DEFAULT_EXPORT_FIELDS]);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const matches = useMemo(
    () => matchCategories(categories.data ?? [], categoryQuery),
    [categories.data, categoryQuery],
  );
  const toggleCategory = (name: string) =>
    setChosenCategories((list) => (list.includes(name) ? list.filter((c) => c !== name) : [...list, name]));
  const toggleField = (field: ExportField) =>
    // The file's columns follow the order of choosing (the default four first).
    setFields((list) => (list.includes(field) ? list.filter((f) => f !== field) : [...list, field]));

  const download = async () => {
    if (fields.length === 0 || busy) return;
    setBusy(true);
    setProgress({ phase: 'queued', rowsDone: 0 });
    const controller = new AbortController();
    abort.current = controller;
    const socket = openJobSocket();
    // While the dialog follows the export it tells how it ended; closed early, the jobs centre does.
    const announced = screenAnnounces('export');
    controller.signal.addEventListener('abort', announced);
    try {
      const started = await adminRequest<{ jobId: string; fileName: string; statusUrl: string }>('/api/admin/exports', {
        method: 'POST',
        body: exportBody({ fields, countryCode, categories: chosenCategories, dateRange, startDate, endDate }),
      });
      const outcome = await followJob<ExportResult>({
        jobId: started.jobId,
        queue: 'export',
        socket,
        statusUrl: started.statusUrl,
        onProgress: setProgress,
        signal: controller.signal,
      });
      if (outcome.state === 'failed') throw new Error(outcome.reason);
      // The browser streams the file to disk (no copy in memory, however large).
      const link = document.createElement('a');
      link.href = `/api/admin/exports/${encodeURIComponent(started.jobId)}/download`;
      link.download = outcome.result?.fileName ?? started.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      toast({
        title: 'CSV file downloaded successfully',
        description: `${link.download} · ${formatNumber(outcome.result?.rows ?? 0)} işletme`,
      });
      onClose();
    } catch (error) {
      if ((error as Error).name !== 'AbortError') {
        toast({ title: 'Export failed', description: messageOf(error), variant: 'destructive' });
      }
    } finally {
      socket.close();
      announced();
      setBusy(false);
      setProgress(null);
    }
  };

  const progressLabel = !progress
    ? ''
    : progress.phase === 'queued'
      ? 'Sırada...'
      : progress.phase === 'counting'
        ? 'Kayıtlar sayılıyor...'
        : progress.rowsTotal
          ? `${formatNumber(progress.rowsDone ?? 0)} / ${formatNumber(progress.rowsTotal)} satır`
          : `${formatNumber(progress.rowsDone ?? 0)} satır`;
  const percent =
    progress?.rowsTotal && progress.rowsTotal > 0
      ? Math.round(((progress.rowsDone ?? 0) / progress.rowsTotal) * 100)
      : progress?.phase === 'done'
        ? 100
        : undefined;

  return (
    <Modal open={open} onClose={onClose} title="CSV Dışa Aktar" className="wide">
      <div className="export-form">
        <div className="form-grid">
          <div className="admin-field">
            <label htmlFor={`${ids}-country`}>Ülke</label>
            <select id={`${ids}-country`} value={countryCode} onChange={(e) => setCountryCode(e.target.value)}>
              <option value="all">Tüm ülkeler</option>
              {(countries.data ?? []).map((code) => (
                <option key={code} value={code}>
                  {code} — {countryName(code)}
                </option>
              ))}
            </select>
            {countries.error && <span className="field-error">Ülkeler yüklenemedi.</span>}
          </div>
          <div className="admin-field">
            <label htmlFor={`${ids}-range`}>Yüklenme tarihi</label>
            <select id={`${ids}-range`} value={dateRange} onChange={(e) => setDateRange(e.target.value as DateRange)}>
              {DATE_RANGE_CHOICES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {dateRange === 'custom' && (
            <>
              <div className="admin-field">
                <label htmlFor={`${ids}-start`}>Başlangıç tarihi</label>
                <input
                  id={`${ids}-start`}
                  type="date"
                  value={startDate}
                  max={endDate || undefined}
                  onChange={(e) => setStartDate(e.target.value)}
                />
              </div>
              <div className="admin-field">
                <label htmlFor={`${ids}-end`}>Bitiş tarihi</label>
                <input
                  id={`${ids}-end`}
                  type="date"
                  value={endDate}
                  min={startDate || undefined}
                  onChange={(e) => setEndDate(e.target.value)}
                />
              </div>
              {(!startDate || !endDate) && (
                <p className="muted small wide">İki tarih de seçilmezse tüm tarihler aktarılır.</p>
              )}
            </>
          )}
        </div>

        <fieldset className="admin-fieldset">
          <legend>
            Kategoriler{' '}
            <span className="muted small">
              ({chosenCategories.length ? `${chosenCategories.length} seçili` : 'tümü'})
            </span>
          </legend>
          {chosenCategories.length > 0 && (
            <ul className="chosen" aria-label="Seçili kategoriler">
              {chosenCategories.map((name) => (
                <li key={name}>
                  <button
                    type="button"
                    className="chip-button"
                    onClick={() => toggleCategory(name)}
                    aria-label={`${name} kategorisini kaldır`}
                  >
                    {name} ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label className="admin-field">
            <span>Kategori ara</span>
            <input
              type="search"
              value={categoryQuery}
              onChange={(e) => setCategoryQuery(e.target.value)}
              placeholder="Kategori adı..."
            />
          </label>
          {categories.error ? (
            <p className="field-error">Kategoriler yüklenemedi. Sayfa yenileyin.</p>
          ) : !categories.data ? (
            <p className="muted">Yükleniyor…</p>
          ) : matches.total === 0 ? (
            <p className="muted">
              {categoryQuery.trim() ? `"${categoryQuery.trim()}" için sonuç yok.` : 'Kategori bulunamadı.'}
            </p>
          ) : (
            <>
              <ul className="check-list" aria-label="Kategoriler">
                {matches.shown.map((name) => (
                  <li key={name}>
                    <label>
                      <input
                        type="checkbox"
                        checked={chosenCategories.includes(name)}
                        onChange={() => toggleCategory(name)}
                      />{' '}
                      {name}
                    </label>
                  </li>
                ))}
              </ul>
              {matches.total > matches.shown.length && (
                <p className="muted small">
                  {formatNumber(matches.total)} kategoriden ilk {matches.shown.length} tanesi gösteriliyor; aramayı
                  daraltın.
                </p>
              )}
            </>
          )}
        </fieldset>

        <fieldset className="admin-fieldset">
          <legend>
            Alanlar{' '}
            <span className="muted small">
              ({fields.length} / {EXPORT_FIELDS.length})
            </span>
          </legend>
          <div className="inline-actions">
            <button type="button" className="link-button" onClick={() => setFields([...EXPORT_FIELDS])}>
              Tümünü seç
            </button>
            <button type="button" className="link-button" onClick={() => setFields([])}>
              Hiçbiri
            </button>
            <button type="button" className="link-button" onClick={() => setFields([...DEFAULT_EXPORT_FIELDS])}>
              Varsayılan
            </button>
          </div>
          <ul className="check-list fields">
            {EXPORT_FIELDS.map((field) => (
              <li key={field}>
                <label>
                  <input type="checkbox" checked={fields.includes(field)} onChange={() => toggleField(field)} />{' '}
                  {FIELD_LABELS[field]} <code className="small">{field}</code>
                </label>
              </li>
            ))}
          </ul>
          {fields.length === 0 && <p className="field-error">En az bir alan seçin.</p>}
        </fieldset>

        {busy && (
          <div className="job-progress" aria-live="polite">
            <progress max={100} value={percent} aria-label="Dışa aktarma ilerlemesi" />
            <span>{progressLabel}</span>
          </div>
        )}
        <div className="modal-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Kapat
          </button>
          <button type="button" onClick={download} disabled={fields.length === 0 || busy}>
            {busy ? `Hazırlanıyor... ${progressLabel}` : 'CSV İndir'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
