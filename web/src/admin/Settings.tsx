import { useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { adminRequest, messageOf } from './api.js';
import { followJob } from './jobs.js';
import { ChangePassword } from './ChangePassword.js';
import { ImportApproval } from './moderation/ImportApproval.js';
import { CodeArea } from './CodeArea.js';
import { QUEUE_DASHBOARD_URL } from './AdminLayout.js';
import { formatDateTime, formatNumber } from './format.js';
import { ErrorNote, PageHead, StatCard } from './parts.js';
import { CACHE_CLEAR_RELOAD_MS, FRESH } from './rules.js';
import { useToast } from './toast.js';
import type { SearchStatus, SiteSettings, SitemapSummary } from './types.js';

const EMPTY: SiteSettings = { head_tags: '', footer_tags: '', analytics_code: '', facebook_pixel: '' };

const AREAS: { key: keyof SiteSettings; label: string; hint: string; scripts?: boolean }[] = [
  {
    key: 'head_tags',
    label: 'Head Tag Kodları',
    hint: "Her sayfanın <head> bölümüne eklenir (meta etiketleri, doğrulama kodları, Google Tag Manager'ın head kodu).",
    scripts: true,
  },
  {
    key: 'footer_tags',
    label: 'Footer Tag Kodları',
    hint: '<body> bölümünün sonuna eklenir (sohbet araçları, gecikmeli yüklenen scriptler).',
    scripts: true,
  },
  {
    key: 'analytics_code',
    label: 'Analytics Kodu',
    hint: 'Google Analytics veya benzeri ölçüm kodu; <head> bölümüne eklenir.',
  },
  {
    key: 'facebook_pixel',
    label: 'Body Tag Kodları',
    hint: '<body> bölümünün başına eklenir (Facebook Pixel, Google Tag Manager noscript kodu).',
  },
];

/** Admin spec §2 site settings: four snippets, clear cache, reset, save; sitemaps; info; operations; password. */
export function Settings() {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const settings = useSWR<SiteSettings>('/api/admin/site-settings', { dedupingInterval: FRESH.siteSettings });
  const [form, setForm] = useState<SiteSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [clearing, setClearing] = useState(false);

  useEffect(() => {
    if (settings.data && form === null) setForm({ ...EMPTY, ...settings.data });
  }, [settings.data, form]);

  const values = form ?? EMPTY;
  const dirty =
    form !== null && settings.data !== undefined && AREAS.some((a) => form[a.key] !== settings.data![a.key]);

  const save = async () => {
    if (!form) return;
    setSaving(true);
    try {
      const answer = await adminRequest<{ message: string; settings: SiteSettings }>('/api/admin/site-settings', {
        method: 'POST',
        body: form,
      });
      await settings.mutate(answer.settings, { revalidate: false });
      setForm({ ...EMPTY, ...answer.settings });
      toast({ title: 'Kaydedildi', description: answer.message || 'Site ayarları kaydedildi' });
    } catch (error) {
      toast({ title: 'Kayıt hatası', description: messageOf(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const reset = async () => {
    const fresh = await settings.mutate();
    if (fresh) setForm({ ...EMPTY, ...fresh });
    toast({ title: 'Sıfırlandı', description: 'Ayarlar sunucudan yeniden yüklendi.' });
  };

  const clearCache = async () => {
    setClearing(true);
    try {
      await adminRequest('/api/admin/clear-cache', { method: 'POST' });
      await mutate(() => true);
      toast({
        title: 'Cache temizlendi',
        description: 'Sunucu ve tarayıcı önbellekleri temizlendi; sayfa 2 saniye içinde yenilenecek.',
      });
      setTimeout(() => window.location.reload(), CACHE_CLEAR_RELOAD_MS);
    } catch (error) {
      toast({ title: 'Cache temizleme hatası', description: messageOf(error), variant: 'destructive' });
      setClearing(false);
    }
  };

  const active = AREAS.filter((a) => values[a.key].trim());
  return (
    <section className="admin-page" aria-labelledby="settings-title">
      <PageHead id="settings-title" title="Site Ayarları" intro="Her sayfaya eklenen kodlar, cache ve site haritası.">
        <button type="button" className="secondary" onClick={clearCache} disabled={clearing}>
          {clearing ? 'Temizleniyor...' : 'Cache Temizle'}
        </button>
        <button type="button" className="secondary" onClick={reset} disabled={saving}>
          Sıfırla
        </button>
        <button type="button" onClick={save} disabled={saving || !form}>
          {saving ? 'Kaydediliyor...' : 'Kaydet'}
        </button>
      </PageHead>
      <ErrorNote error={settings.error} retry={() => settings.mutate()} />
      {dirty && <p className="notice warn">Kaydedilmemiş değişiklikler var.</p>}
      {!form && !settings.error && <p className="muted">Yükleniyor…</p>}
      {form && (
        <div className="admin-card code-areas">
          {AREAS.map((area) => (
            <CodeArea
              key={area.key}
              label={area.label}
              hint={area.hint}
              value={values[area.key]}
              cautionScripts={area.scripts}
              onChange={(value) => setForm((current) => ({ ...(current ?? EMPTY), [area.key]: value }))}
            />
          ))}
        </div>
      )}

      <section className="admin-card" aria-labelledby="info-title">
        <h2 id="info-title">Bilgi</h2>
        <p>
          Aktif kodlar: {active.length ? active.map((a) => a.label).join(', ') : <span className="muted">hiçbiri</span>}
        </p>
        <ul className="small">
          <li>Kodlar kaydedildikten sonra sitenin her sayfasında, ziyaretçi sayfayı açtığında yüklenir.</li>
          <li>Yalnızca güvendiğiniz hizmetlerin kodlarını ekleyin: bu kodlar ziyaretçilerin tarayıcısında çalışır.</li>
          <li>Harici scriptler (src ile) asenkron yüklenir; sayfanın açılmasını bekletmez.</li>
          <li>Her kayıt, kimin ne zaman yaptığıyla birlikte işlem günlüğüne yazılır.</li>
        </ul>
      </section>

      <ImportApproval />
      <Sitemaps />
      <Operations />
      <ChangePassword />
    </section>
  );
}

function Sitemaps() {
  const toast = useToast();
  const [regenerating, setRegenerating] = useState<string | null>(null);
  const summary = useSWR<SitemapSummary>('/api/admin/sitemaps', {
    dedupingInterval: 30_000,
  });
  const s = summary.data;

  // The job itself is followed (issue 34): the list is read again the moment it ends, not at the next poll that
  // the 30 s de-duplication lets through.
  const regenerate = async () => {
    try {
      const queued = await adminRequest<{ jobId: string }>('/api/admin/sitemaps/regenerate', { method: 'POST' });
      setRegenerating(s?.generatedAt ?? '');
      toast({ title: 'Site haritası oluşturuluyor', description: 'Dosyalar hazır olunca liste yenilenir.' });
      const outcome = await followJob<unknown>({
        jobId: queued.jobId,
        queue: 'sitemaps',
        socket: null,
        statusUrl: `/api/admin/jobs/${encodeURIComponent(queued.jobId)}?queue=sitemaps`,
      });
      const fresh = await summary.mutate();
      if (outcome.state === 'completed')
        toast({ title: 'Site haritası hazır', description: `${fresh?.files.length ?? 0} dosya oluşturuldu.` });
      else toast({ title: 'Site haritası oluşturulamadı', description: outcome.reason, variant: 'destructive' });
    } catch (error) {
      toast({ title: 'Site haritası oluşturulamadı', description: messageOf(error), variant: 'destructive' });
    } finally {
      setRegenerating(null);
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Bağlantı kopyalandı', description: url });
    } catch {
      toast({ title: 'Kopyalanamadı', description: url, variant: 'destructive' });
    }
  };
  const urls = s?.files.reduce((sum, f) => sum + f.urlCount, 0) ?? 0;

  return (
    <section className="admin-card" aria-labelledby="sitemap-title">
      <div className="section-head">
        <h2 id="sitemap-title">Site Haritası (Sitemap)</h2>
        <button type="button" className="secondary" onClick={regenerate} disabled={regenerating !== null}>
          {regenerating !== null ? 'Oluşturuluyor...' : 'Yeniden Oluştur'}
        </button>
      </div>
      <ErrorNote error={summary.error} retry={() => summary.mutate()} />
      {s && (
        <>
          <div className="stat-grid">
            <StatCard label="İşletme" value={formatNumber(s.businessCount)} />
            <StatCard
              label="Dosya"
              value={formatNumber(s.files.length)}
              note={s.pageSize ? `${formatNumber(s.pageSize)} işletme / dosya` : undefined}
            />
            <StatCard label="URL" value={formatNumber(urls)} />
            <StatCard label="Son oluşturma" value={s.generatedAt ? formatDateTime(s.generatedAt) : 'Henüz yok'} />
          </div>
          <div className="sitemap-index">
            <span>
              Ana dizin: <code>{s.indexUrl}</code>
            </span>
            <span className="inline-actions">
              <button type="button" className="secondary" onClick={() => copy(s.indexUrl)}>
                Bağlantıyı kopyala
              </button>
              <a className="button-link" href={s.indexUrl} target="_blank" rel="noopener">
                Aç ↗
              </a>
            </span>
          </div>
          {s.files.length === 0 ? (
            <p className="muted">Site haritası henüz oluşturulmadı; worker başladıktan kısa süre sonra oluşturur.</p>
          ) : (
            <ul className="sitemap-files" aria-label="Site haritası dosyaları">
              {s.files.map((f) => (
                <li key={f.path}>
                  <span>
                    <code>{f.path}</code> <span className="muted small">{formatNumber(f.urlCount)} URL</span>
                  </span>
                  <span className="inline-actions">
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => copy(f.url)}
                      aria-label={`Bağlantıyı kopyala: ${f.path}`}
                    >
                      Kopyala
                    </button>
                    <a className="button-link" href={f.url} target="_blank" rel="noopener" aria-label={`Aç: ${f.path}`}>
                      Aç ↗
                    </a>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <details className="instructions">
        <summary>Google Search Console'a nasıl eklenir?</summary>
        <ol>
          <li>
            <a href="https://search.google.com/search-console" target="_blank" rel="noopener">
              Google Search Console
            </a>
            'u açın ve sitenizi (alan adı veya URL öneki) mülk olarak ekleyip doğrulayın. Doğrulama meta etiketini
            yukarıdaki Head Tag Kodları alanına ekleyebilirsiniz.
          </li>
          <li>Sol menüden Dizin Oluşturma → Site Haritaları'nı seçin.</li>
          <li>
            "Yeni site haritası ekle" alanına <code>sitemap.xml</code> yazın ve Gönder'e basın; diğer dosyalar bu
            dizinden okunur.
          </li>
          <li>Durum "Başarılı" olduğunda Google sayfaları taramaya başlar; haritalar her gece yenilenir.</li>
        </ol>
      </details>
    </section>
  );
}

function Operations() {
  const toast = useToast();
  const status = useSWR<SearchStatus>('/api/admin/search/status', { refreshInterval: 15_000, dedupingInterval: 5_000 });
  const [busy, setBusy] = useState(false);
  const reindex = async () => {
    setBusy(true);
    try {
      const answer = await adminRequest<{ message: string; jobId: string }>('/api/admin/search/reindex', {
        method: 'POST',
      });
      toast({ title: 'Yeniden dizinleme sıraya alındı', description: `${answer.message} (${answer.jobId})` });
      await status.mutate();
    } catch (error) {
      toast({ title: 'Yeniden dizinleme başlatılamadı', description: messageOf(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const s = status.data;
  return (
    <section className="admin-card" aria-labelledby="ops-title">
      <div className="section-head">
        <h2 id="ops-title">Operasyon</h2>
        <a className="button-link" href={QUEUE_DASHBOARD_URL} target="_blank" rel="noopener">
          Kuyruk Paneli ↗
        </a>
      </div>
      <p className="muted small">
        Kuyruk panelinde içe/dışa aktarma, URL düzeltme, site haritası ve arama işlerinin durumu, hataları ve yeniden
        denemeleri görünür.
      </p>
      <h3>Arama dizini</h3>
      <ErrorNote error={status.error} retry={() => status.mutate()} />
      {s && (
        <dl className="facts" aria-label="Arama dizini durumu">
          <div>
            <dt>Motor</dt>
            <dd>{s.engine === 'postgres' ? 'PostgreSQL (gömülü)' : s.engine}</dd>
          </div>
          <div>
            <dt>Dizindeki işletme</dt>
            <dd>{formatNumber(s.documents)}</dd>
          </div>
          <div>
            <dt>Bekleyen değişiklik</dt>
            <dd>{formatNumber(s.backlog.ids)}</dd>
          </div>
          <div>
            <dt>En eski bekleyen</dt>
            <dd>{s.backlog.oldestAgeMs ? `${Math.round(s.backlog.oldestAgeMs / 1000)} sn` : '—'}</dd>
          </div>
        </dl>
      )}
      <button type="button" className="secondary" onClick={reindex} disabled={busy}>
        {busy ? 'Sıraya alınıyor...' : 'Dizini Yeniden Oluştur'}
      </button>
    </section>
  );
}
