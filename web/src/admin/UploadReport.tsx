import { Link } from 'react-router-dom';
import {
  IMPORT_PROBLEM_KINDS,
  IMPORT_PROBLEM_REASONS,
  type ImportProblemKind,
  LEFT_OUT_KINDS,
} from '@directory/core/wire/import-problems.js';
import { formatNumber } from './format.js';
import { TR } from './messages.js';
import type { UploadOutcome } from './types.js';

const FIRST = 5;
const MOST = 200;

/** A row's reason in Turkish by its kind; the api's English sentence for results stored before kinds were kept. */
function reasonOf(kind: ImportProblemKind | null | undefined, stored: string): string {
  if (kind === null) return TR.upload.unchanged;
  return kind ? IMPORT_PROBLEM_REASONS[kind] : stored;
}

/** The result's summary line in Turkish, from its counts (the api's line is English). */
function summaryOf(result: UploadOutcome): string {
  if (result.insertedCount === undefined || result.updatedCount === undefined) return result.message;
  return TR.upload.summary({
    fileName: result.fileName,
    totalRows: result.totalRows,
    inserted: result.insertedCount,
    updated: result.updatedCount,
    skipped: result.skippedCount,
    rejected: result.errorCount,
    warnings: result.warningCount ?? 0,
    waiting: result.waitingForApprovalCount ?? 0,
  });
}

/** Admin spec §3 batch result of one file: counts, column extraction, duplicates, skipped and error rows. */
export function UploadReport({ result }: { result: UploadOutcome }) {
  const c = result.columnExtraction;
  const d = result.duplicateAnalysis;
  return (
    <div className="upload-report" aria-label={`${result.fileName} raporu`} role="group">
      <div className="report-item-head">
        {result.cancelled ? (
          <>
            <span className="badge pending">İptal edildi</span>
            <span className="small">{result.message.replace(/^Error: /, '')}</span>
          </>
        ) : (
          <>
            <span className={`badge ${result.success ? 'ok' : 'fail'}`}>{result.success ? 'Başarılı' : 'Hata'}</span>
            {!result.success && <span className="error">Hata: {result.message.replace(/^Error: /, '')}</span>}
          </>
        )}
        {result.success && <span className="small">{summaryOf(result)}</span>}
      </div>
      {(result.totalRows > 0 || result.success) && (
        <dl className="facts counts">
          <Fact label="Toplam satır" value={result.totalRows} />
          <Fact label="Eklenen + güncellenen" value={result.successCount} />
          {result.insertedCount !== undefined && <Fact label="Yeni" value={result.insertedCount} />}
          {result.updatedCount !== undefined && <Fact label="Güncellenen" value={result.updatedCount} />}
          <Fact label="Atlanan" value={result.skippedCount} />
          <Fact label="Hatalı" value={result.errorCount} />
          {result.warningCount !== undefined && <Fact label="Uyarı" value={result.warningCount} />}
          {result.processingTimeSeconds !== undefined && (
            <div>
              <dt>Süre</dt>
              <dd>{result.processingTimeSeconds.toLocaleString('tr-TR')} sn</dd>
            </div>
          )}
        </dl>
      )}
      {!!result.waitingForApprovalCount && (
        <p className="caution small" role="status">
          {TR.upload.waitingForApproval(formatNumber(result.waitingForApprovalCount))}{' '}
          <Link to="/admin/businesses?approval=waiting">{TR.upload.reviewQueue}</Link>
        </p>
      )}
      {result.problemCounts && <ProblemCounts result={result} />}
      {c && (
        <details>
          <summary>
            Sütun eşleştirme: {c.extractedCount} / {c.totalColumns} sütun (%{c.extractionRate.toLocaleString('tr-TR')})
          </summary>
          <p className="small">
            <strong>Bulunan:</strong> {c.successfulColumns.join(', ') || '—'}
          </p>
          <p className="small">
            <strong>Eksik:</strong> {c.missingColumns.join(', ') || '—'}
          </p>
        </details>
      )}
      {d && (
        <details>
          <summary>
            Tekrar analizi: {formatNumber(d.newPlaceIdCount)} yeni place_id, {formatNumber(d.databaseDuplicateCount)}{' '}
            veritabanında mevcut, {formatNumber(d.excelDuplicateCount)} dosya içinde tekrar
          </summary>
          <dl className="facts">
            <Fact label="Kayıt" value={d.totalRecords} />
            <Fact label="place_id olan" value={d.recordsWithPlaceId} />
            <div>
              <dt>Veritabanında mevcut</dt>
              <dd>
                {formatNumber(d.databaseDuplicateCount)} (%{d.databaseDuplicateRate.toLocaleString('tr-TR')})
              </dd>
            </div>
            <div>
              <dt>Yeni place_id</dt>
              <dd>
                {formatNumber(d.newPlaceIdCount)} (%{d.newPlaceIdRate.toLocaleString('tr-TR')})
              </dd>
            </div>
            <Fact label="Dosya içi tekrar (place_id)" value={d.excelDuplicateCount} />
            <Fact label="Dosya içi tekrar (satır)" value={d.excelDuplicateRecords} />
          </dl>
        </details>
      )}
      {result.places && (
        <details>
          <summary>
            Konumlar: {formatNumber(result.places.cityFromAddress + result.places.cityFromCoordinates)} şehir ve{' '}
            {formatNumber(result.places.countryFromAddress + result.places.countryFromCoordinates)} ülke dosyada boştu,
            adresten veya koordinatlardan bulundu
          </summary>
          <dl className="facts">
            <Fact label="Şehir (adresten)" value={result.places.cityFromAddress} />
            <Fact label="Şehir (koordinatlardan)" value={result.places.cityFromCoordinates} />
            <Fact label="Posta kodu (adresten)" value={result.places.postalCodeFromAddress} />
            <Fact label="Ülke (adresten)" value={result.places.countryFromAddress} />
            <Fact label="Ülke (koordinatlardan)" value={result.places.countryFromCoordinates} />
            <Fact label="Saat dilimi (dosyadan)" value={result.places.timeZoneFromFile} />
            <Fact label="Saat dilimi (koordinatlardan)" value={result.places.timeZoneFromCoordinates} />
            <Fact label="Saat dilimi (ülkeden)" value={result.places.timeZoneFromCountry} />
            <Fact label="Şehirsiz kalan" value={result.places.withoutCity} />
            <Fact label="Ülkesiz kalan" value={result.places.withoutCountry} />
            <Fact label="Saat dilimsiz kalan" value={result.places.withoutTimeZone} />
          </dl>
        </details>
      )}
      <RowList
        title="Atlanan kayıtlar"
        items={result.skippedBusinesses.map((s) => ({
          row: s.row,
          text: `${s.name || '—'}${s.placeId ? ` (${s.placeId})` : ''}: ${reasonOf(s.kind, s.reason)}`,
        }))}
        count={result.skippedCount}
      />
      <RowList
        title="Uyarılar (okunduğu gibi kaydedilmeyen değerler)"
        items={(result.warnings ?? []).map((w) => ({
          row: w.row,
          text: `${w.column}: "${w.read}" → ${w.stored === null ? 'boş' : `"${w.stored}"`} — ${reasonOf(w.kind, w.message)}`,
        }))}
        count={result.warningCount ?? 0}
      />
      <RowList
        title="Hatalar"
        items={result.errors.map((e) => ({ row: e.row, text: reasonOf(e.kind, e.message) }))}
        count={result.errorCount}
        error
      />
    </div>
  );
}

/** Every problem of the import counted by kind, and the CSV that lists each one with its reason. */
function ProblemCounts({ result }: { result: UploadOutcome }) {
  const counts = result.problemCounts ?? {};
  const kinds = IMPORT_PROBLEM_KINDS.filter((kind) => (counts[kind] ?? 0) > 0);
  const total = kinds.reduce((sum, kind) => sum + counts[kind]!, 0);
  const T = TR.importProblems;
  if (total === 0) return <p className="small">{T.none}</p>;
  return (
    <section className="problem-counts" aria-label={T.title(formatNumber(total))}>
      <h4>{T.title(formatNumber(total))}</h4>
      <ul>
        {kinds.map((kind) => (
          <li key={kind}>
            {T.labels[kind]}: <strong>{formatNumber(counts[kind]!)}</strong>{' '}
            <span className="muted">({LEFT_OUT_KINDS.includes(kind) ? T.leftOut : T.changed})</span>
          </li>
        ))}
      </ul>
      {result.problemsUrl && (
        <a className="button-link" href={result.problemsUrl} download>
          {T.download}
        </a>
      )}
    </section>
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

function RowList(props: { title: string; items: { row: number; text: string }[]; count: number; error?: boolean }) {
  const { title, items, count } = props;
  if (items.length === 0) return null;
  const list = (shown: typeof items) => (
    <ul className={`row-list${props.error ? ' error' : ''}`}>
      {shown.map((item, i) => (
        <li key={`${item.row}-${i}`}>
          <span className="muted">Satır {item.row}:</span> {item.text}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="row-list-block">
      <h4>
        {title} ({formatNumber(count)})
      </h4>
      {list(items.slice(0, FIRST))}
      {items.length > FIRST && (
        <details>
          <summary>Tümünü göster{items.length > MOST ? ` (ilk ${MOST})` : ` (${formatNumber(items.length)})`}</summary>
          {list(items.slice(FIRST, MOST))}
        </details>
      )}
    </div>
  );
}
