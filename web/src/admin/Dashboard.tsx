import useSWR from 'swr';
import { formatBytes, formatDateTime, formatDuration, formatNumber } from './format.js';
import { useAuditLog, useStats, useUploadReports } from './hooks.js';
import { ActivityList, ErrorNote, Meter, PageHead, StatCard } from './parts.js';
import { DASHBOARD_REPORTS, PLACEHOLDERS, shareOf, TOP_CATEGORIES } from './rules.js';
import type { SystemMetrics } from '@directory/core/wire/admin-system.js';
import type { ListedUploadReport } from '@directory/core/wire/uploads.js';
import type { VisitorCounts } from './types.js';
import { WaitingQueueLink } from './moderation/ImportApproval.js';

/** Admin spec §2 dashboard, on real figures; the §9 placeholders only while they load. */
export function Dashboard() {
  const stats = useStats();
  const reports = useUploadReports(true);
  const audit = useAuditLog();
  const system = useSWR<SystemMetrics>('/api/admin/system', { refreshInterval: 10_000, dedupingInterval: 5_000 });
  const visitors = useSWR<VisitorCounts>('/api/admin/visitors', { refreshInterval: 60_000, dedupingInterval: 30_000 });

  const s = stats.data;
  const total = s?.totalBusinesses ?? PLACEHOLDERS.businesses;
  const approved = s?.approvedBusinesses ?? total;
  const top = (s?.categories ?? []).slice(0, TOP_CATEGORIES).map((c) => ({ ...c, count: Number(c.count) }));
  const m = system.data;

  return (
    <section className="admin-page" aria-labelledby="dashboard-title">
      <PageHead id="dashboard-title" title="Dashboard" intro="Dizinin ve sunucunun güncel durumu." />
      <ErrorNote error={stats.error} retry={() => stats.mutate()} />
      <WaitingQueueLink count={s?.waitingBusinesses} />
      <div className="stat-grid">
        <StatCard
          label="Toplam İşletme"
          value={formatNumber(total)}
          loading={!s}
          note={s ? `${formatNumber(approved)} onaylı` : undefined}
        />
        <StatCard
          label="Aktif Kategori"
          value={formatNumber(s?.totalCategories ?? PLACEHOLDERS.categories)}
          loading={!s}
        />
        <StatCard
          label="Günlük Ziyaretçi"
          value={formatNumber(visitors.data?.today ?? PLACEHOLDERS.visitors)}
          loading={!visitors.data}
          note={visitors.error ? 'Ziyaretçi sayısı okunamadı' : 'Bugün (UTC), tekil'}
        />
        <StatCard
          label="Sistem Performansı"
          value={`CPU %${(m?.cpu.percent ?? PLACEHOLDERS.cpu).toLocaleString('tr-TR')}`}
          loading={!m}
          note={
            m
              ? `Bellek %${m.memory.percent.toLocaleString('tr-TR')} · Disk %${m.disk.percent.toLocaleString('tr-TR')}`
              : undefined
          }
        />
      </div>

      {reports.data && reports.data.length > 0 && (
        <section className="admin-card" aria-labelledby="reports-title">
          <h2 id="reports-title">Son Yükleme Raporları</h2>
          <ul className="report-list">
            {reports.data.slice(0, DASHBOARD_REPORTS).map((r) => (
              <UploadReportItem key={r.id} report={r} />
            ))}
          </ul>
        </section>
      )}

      <div className="admin-columns">
        <section className="admin-card" aria-labelledby="top-title">
          <h2 id="top-title">En Çok İşletmesi Olan Kategoriler</h2>
          {!s && <p className="muted">Yükleniyor…</p>}
          {s && top.length === 0 && <p className="muted">Henüz kategori yok.</p>}
          <ol className="share-list">
            {top.map((c) => (
              <li key={c.category}>
                <Meter label={c.category} percent={shareOf(c.count, approved)} detail={formatNumber(c.count)} />
              </li>
            ))}
          </ol>
        </section>
        <section className="admin-card" aria-labelledby="activity-title">
          <h2 id="activity-title">Son Aktiviteler</h2>
          <ActivityList entries={audit.data} />
        </section>
      </div>

      <section className="admin-card" aria-labelledby="system-title">
        <h2 id="system-title">Sistem Metrikleri</h2>
        <ErrorNote error={system.error} />
        <div className="meters">
          <Meter
            label="CPU"
            percent={m?.cpu.percent ?? PLACEHOLDERS.cpu}
            detail={m ? `${m.cpu.cores} çekirdek · yük ${m.cpu.loadAverage[0]}` : undefined}
          />
          <Meter
            label="Bellek"
            percent={m?.memory.percent ?? PLACEHOLDERS.memory}
            detail={m ? `${formatBytes(m.memory.usedBytes)} / ${formatBytes(m.memory.totalBytes)}` : undefined}
          />
          <Meter
            label="Disk"
            percent={m?.disk.percent ?? PLACEHOLDERS.disk}
            detail={m ? `${formatBytes(m.disk.usedBytes)} / ${formatBytes(m.disk.totalBytes)}` : undefined}
          />
        </div>
        <dl className="facts">
          <div>
            <dt>Çalışma süresi (api)</dt>
            <dd data-testid="uptime">{m ? formatDuration(m.uptime.processSeconds) : PLACEHOLDERS.uptime}</dd>
          </div>
          <div>
            <dt>Sunucu çalışma süresi</dt>
            <dd>{m ? formatDuration(m.uptime.systemSeconds) : '…'}</dd>
          </div>
          <div>
            <dt>Platform</dt>
            <dd>{m ? `${m.platform}, Node ${m.nodeVersion}` : '…'}</dd>
          </div>
          <div>
            <dt>Son ölçüm</dt>
            <dd>{m ? formatDateTime(m.checkedAt) : '…'}</dd>
          </div>
        </dl>
      </section>
    </section>
  );
}

function UploadReportItem({ report }: { report: ListedUploadReport }) {
  const r = report.results;
  return (
    <li className="report-item">
      <div className="report-item-head">
        <strong>{report.summary?.fileName ?? report.fileName}</strong>
        <span className={`badge ${report.success ? 'ok' : 'fail'}`}>{report.success ? 'Başarılı' : 'Hata'}</span>
      </div>
      <span className="muted small">
        {formatDateTime(report.timestamp)} · {report.summary?.fileSizeMB ?? 0} MB ·{' '}
        {report.summary?.processingTimeSeconds ?? 0} sn
      </span>
      {r ? (
        <p className="small">
          {formatNumber(report.summary.totalRecords)} kayıt · {formatNumber(r.updated)} eklendi/güncellendi (%
          {r.updateRate}) · {formatNumber(r.skipped)} atlandı (%{r.skipRate})
          {report.duplicateAnalysis && ` · ${formatNumber(report.duplicateAnalysis.totalDuplicateRecords)} tekrar`}
        </p>
      ) : (
        <p className="small error">Hata: {report.error ?? report.message}</p>
      )}
    </li>
  );
}
