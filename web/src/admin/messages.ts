/**
 * The back office's Turkish wording for jobs, their states and outcomes, the worker's health and the error
 * screens, in one place (issue 34: "all admin messages in Turkish from one catalogue"). Older screens still
 * carry their own strings; new ones take theirs from here.
 */
import { IMPORT_PROBLEM_LABELS } from '@directory/core/wire/import-problems.js';
import { formatNumber } from './format.js';

export const TR = {
  jobs: {
    title: 'İş Merkezi',
    intro:
      'Çalışan, sırada bekleyen ve son biten tüm işler: içe aktarmalar, dışa aktarmalar, silmeler, URL düzeltmeleri, site haritaları ve arama dizini.',
    empty: 'Henüz iş yok.',
    loading: 'İşler yükleniyor…',
    queueBoard: 'Kuyruk Paneli (Bull Board) ↗',
    runningBadge: (n: number) => `${n} iş çalışıyor`,
    noneRunning: 'Çalışan iş yok',
    startedBy: (who: string | null) => (who ? `Başlatan: ${who}` : 'Sistem tarafından başlatıldı'),
    queuedAt: 'Sıraya alındı',
    startedAt: 'Başladı',
    finishedAt: 'Bitti',
    cancel: 'İptal et',
    cancelling: 'İptal ediliyor…',
    retry: 'Yeniden dene',
    download: 'İndir',
    cancelledTitle: 'İş iptal ediliyor',
    retriedTitle: 'İş yeniden sıraya alındı',
    actionFailed: 'İşlem yapılamadı',
    allowNotifications: 'Bildirimlere izin ver',
    liveOff: 'Canlı bağlantı yok; liste her 10 saniyede yenileniyor.',
    loadFailed: 'İşler yüklenemedi',
  },
  kinds: {
    'import:import': 'İçe aktarma',
    'import-preview:preview': 'İçe aktarma önizlemesi',
    'export:export': 'Dışa aktarma',
    'slugs:fix-slugs': 'URL düzeltme',
    'sitemaps:generate': 'Site haritası',
    'maintenance:delete-businesses': 'İşletme silme',
    'maintenance:approve-businesses': 'Toplu onay',
    'maintenance:contact-retention': 'Eski iletişim mesajlarını silme',
    'maintenance:apply-category-merges': 'Kategori birleştirme',
    'search:reindex': 'Arama dizini yeniden oluşturma',
  } as Record<string, string>,
  states: {
    active: 'Çalışıyor',
    waiting: 'Sırada',
    prioritized: 'Sırada',
    'waiting-children': 'Sırada',
    delayed: 'Zamanlandı',
    paused: 'Duraklatıldı',
    completed: 'Tamamlandı',
    failed: 'Başarısız',
    cancelled: 'İptal edildi',
  } as Record<string, string>,
  phases: {
    queued: 'Sırada',
    reading: 'Dosya okunuyor',
    writing: 'Kaydediliyor',
    saving: 'Tamamlanıyor',
    counting: 'Satırlar sayılıyor',
    renaming: 'URL’ler düzeltiliyor',
    deleting: 'Siliniyor',
    approving: 'Onaylanıyor',
    hiding: 'Gizleniyor',
    refreshing: 'Sayılar yenileniyor',
    main: 'Ana sayfalar',
    categories: 'Kategoriler',
    countries: 'Ülkeler',
    cities: 'Şehirler',
    businesses: 'İşletmeler',
    swapping: 'Yayına alınıyor',
    done: 'Bitti',
  } as Record<string, string>,
  outcome: {
    cancelledImport: 'İptal edildi; dosyadan hiçbir şey kaydedilmedi.',
    cancelledExport: 'İptal edildi; yarım kalan dosya silindi.',
    cancelledSlugs:
      'İptal edildi; o ana kadar kısaltılan adresler kaldı (eskileri yönlendiriliyor), sonraki çalıştırma kaldığı yerden sürer.',
    cancelledBeforeStart: 'İptal edildi; başlamadan kaldırıldı.',
    cancelledDelete: (deleted: string, total: string, kept: string) =>
      `İptal edildi; ${total} işletmeden ${deleted} tanesi silindi (silinenler geri gelmez), ${kept} işletme duruyor.`,
    cancelledApproval: (changed: string, total: string, unchanged: string, approve: boolean) =>
      `İptal edildi; ${total} işletmeden ${changed} tanesi ${approve ? 'onaylandı' : 'gizlendi'} (öyle kalır), ${unchanged} işletme değişmedi.`,
    workerStopped: 'Worker durdu; iş bir worker hazır olduğunda yeniden çalışacak.',
    timedOut: 'Süre aşıldı ve iş durduruldu; hiçbir şey yarım kalmadı.',
    failed: (reason: string) => `Hata: ${reason}`,
    imported: (r: {
      totalRows: number;
      insertedCount: number;
      updatedCount: number;
      skippedCount: number;
      errorCount: number;
      waitingForApprovalCount: number;
    }) =>
      `${r.totalRows} satır: ${r.insertedCount} yeni, ${r.updatedCount} güncellendi, ${r.skippedCount} atlandı, ${r.errorCount} reddedildi` +
      (r.waitingForApprovalCount > 0 ? `; ${r.waitingForApprovalCount} yeni işletme onay bekliyor.` : '.'),
    exported: (rows: number, size: string, until: string) =>
      `${rows} satır, ${size}; dosya ${until} tarihine kadar indirilebilir.`,
    slugsFixed: (fixed: number, seen: number) => `${fixed} URL düzeltildi (${seen} URL incelendi).`,
    deleted: (n: number) => `${n} işletme silindi.`,
    approved: (selected: string, changed: string, approve: boolean) =>
      `${selected} işletmeden ${changed} tanesi ${approve ? 'onaylandı' : 'gizlendi'}.`,
    contactRetention: (n: number, months: number) => `${months} aydan eski ${n} iletişim mesajı silindi.`,
    categoriesMerged: (spellings: number, businesses: number) =>
      `${spellings} kategori yazımı birleştirildi, ${businesses} işletme güncellendi.`,
    done: 'Tamamlandı.',
    endedTitle: (kind: string) => `${kind} tamamlandı`,
    failedTitle: (kind: string) => `${kind} başarısız`,
    cancelledTitle: (kind: string) => `${kind} iptal edildi`,
  },
  progress: {
    rows: (done: string, total?: string) => (total ? `${done} / ${total} satır` : `${done} satır`),
    bytes: (read: string, total: string) => `${read} / ${total}`,
    rate: (n: string) => `${n} satır/sn`,
    eta: (left: string) => `kalan ~${left}`,
  },
  health: {
    ok: (n: number) => `Worker çalışıyor (${n})`,
    down: 'Çalışan worker yok: işler sırada bekliyor ve başlamayacak. Sunucuda worker sürecini başlatın.',
    unknown: 'Worker durumu bilinmiyor',
  },
  errors: {
    loadTitle: 'Error loading application',
    loadText: 'Yönetim paneli yüklenemedi. Site yeni bir sürüme güncellenmiş olabilir; sayfayı yenileyin.',
    reload: 'Sayfayı yenile',
  },
  exports: {
    title: 'Dışa Aktarma Geçmişi',
    empty: 'Saklanan dışa aktarma yok.',
    allCountries: 'Tüm ülkeler',
    allCategories: 'Tüm kategoriler',
    categories: (n: number, first: string) => `${n} kategori (${first}${n > 3 ? '…' : ''})`,
    fields: (n: number) => `${n} alan`,
    until: (when: string) => `${when} tarihine kadar indirilebilir`,
    expired: 'dosyanın süresi doldu',
  },
  deletes: {
    runningTitle: 'Silme sürüyor',
    running: 'Silme işi arka planda sürüyor; ilerlemesini İş Merkezi’nde görebilirsiniz ve bitince haber verilir.',
  },
  upload: {
    runningTitle: 'Süren içe aktarmalar',
    resumed: 'Süren içe aktarmalar: sayfadan ayrılsanız da sunucuda devam eder.',
    waitingForApproval: (n: string) =>
      `${n} yeni işletme onay bekliyor: onaylanana kadar sitede görünmez ("İçe Aktarma Onayı" açık).`,
    reviewQueue: 'Onay bekleyenlere git',
    /** The one-line summary of a finished import (the api's own line is English). */
    summary: (r: {
      fileName: string;
      totalRows: number;
      inserted: number;
      updated: number;
      skipped: number;
      rejected: number;
      warnings: number;
      waiting: number;
    }) =>
      `${r.fileName}: ${formatNumber(r.totalRows)} satır — ${formatNumber(r.inserted)} yeni, ` +
      `${formatNumber(r.updated)} güncellendi, ${formatNumber(r.skipped)} atlandı, ${formatNumber(r.rejected)} reddedildi` +
      (r.warnings > 0 ? `, ${formatNumber(r.warnings)} değer okunduğu gibi kaydedilmedi` : '') +
      (r.waiting > 0 ? `; ${formatNumber(r.waiting)} yeni işletme onay bekliyor.` : '.'),
    /** A row stored already with the same values (a re-import): skipped, not a problem. */
    unchanged: 'Aynı değerlerle zaten kayıtlı; değiştirilecek bir şey yok.',
    failed: (fileName: string, reason: string) => `${fileName} yüklenemedi: ${reason}`,
  },
  businesses: {
    approvalLabel: 'Onay durumu',
    approval: { all: 'Tümü', approved: 'Onaylı', waiting: 'Onay bekleyen' },
    countryLabel: 'Ülke',
    allCountries: 'Tüm ülkeler',
    categoryLabel: 'Kategori',
    categoryPlaceholder: (n: number) => `Tüm kategoriler (${n} içinde ara)`,
    categoryHelp: 'Yazın ve listeden seçin; Enter ile yazdığınız kategori uygulanır.',
    clearCategory: 'Kategoriyi temizle',
    select: (name: string) => `Seç: ${name}`,
    selectPage: 'Bu sayfadakilerin hepsini seç',
    selected: (n: number) => `${n} işletme seçili`,
    approveSelected: 'Seçilenleri onayla',
    hideSelected: 'Seçilenleri gizle',
    approveMatching: (n: string) => `Filtreye uyan ${n} işletmeyi onayla`,
    hideMatching: (n: string) => `Filtreye uyan ${n} işletmeyi gizle`,
    approvalRunningTitle: 'Toplu işlem sürüyor',
    approvalRunning:
      'Çok sayıda işletme var; işlem arka planda parça parça sürüyor. İlerlemesini İş Merkezi’nde görebilir, oradan iptal edebilirsiniz.',
    confirmTitle: (approve: boolean) => (approve ? 'İşletmeleri onayla' : 'İşletmeleri gizle'),
    confirmText: (n: string, approve: boolean) =>
      approve ? `${n} işletme onaylanacak ve sitede görünecek.` : `${n} işletme gizlenecek ve sitede görünmeyecek.`,
    done: (selected: number, changed: number, approve: boolean) =>
      `${selected} işletmeden ${changed} tanesi ${approve ? 'onaylandı' : 'gizlendi'}` +
      (selected > changed ? ` (${selected - changed} tanesi zaten ${approve ? 'onaylıydı' : 'gizliydi'}).` : '.'),
    failed: 'Toplu işlem yapılamadı',
    rejectSelected: 'Seçilenleri reddet',
    rejectMatching: (n: string) => `Filtreye uyan ${n} bekleyen işletmeyi reddet`,
    rejectTitle: 'İşletmeleri reddet',
    rejectText: (n: string) =>
      `${n} işletmeden onay bekleyenler silinecek; onaylı olanlar etkilenmez. Bu işlem geri alınamaz.`,
    rejected: (n: number) => `${n} onay bekleyen işletme reddedildi ve silindi.`,
    rejectRunning: 'Reddetme işi arka planda sürüyor; ilerlemesini İş Merkezi’nde görebilirsiniz.',
  },
  moderation: {
    queue: (n: string) => `Onay bekleyenler (${n})`,
    queueNote: (n: string) => `${n} işletme onay bekliyor; sitede görünmezler.`,
    settingTitle: 'İçe Aktarma Onayı',
    settingLabel: 'İçe aktarılan yeni işletmeler onaydan sonra yayınlansın',
    settingHelp:
      'Açıkken bir dosyadan eklenen yeni işletmeler "Onay bekleyenler" listesinde bekler ve onaylanana kadar sitede görünmez. ' +
      'Dosyanın güncellediği mevcut işletmelerin onay durumu değişmez. Kapalıyken (varsayılan) içe aktarılanlar hemen yayınlanır.',
    saved: (on: boolean) =>
      on
        ? 'İçe aktarılan yeni işletmeler artık onay bekleyecek.'
        : 'İçe aktarılan işletmeler artık hemen yayınlanacak.',
    failed: 'Ayar kaydedilemedi',
  },
  deleteCancelled: 'Silme iptal edildi',
  deleteAll: {
    counting: 'İşletmeler sayılıyor…',
    countFailed: 'İşletme sayısı okunamadı; silme başlatılmadı.',
    confirm: (n: string) =>
      `Tüm işletmeler silinecek: şu anda ${n} işletme var. Bu işlem geri alınamaz. Devam edilsin mi?`,
  },
  importPreview: {
    title: 'Önizleyerek İçe Aktar',
    intro:
      'Dosya önce okunur: algılanan düzen, her alanın okunduğu sütun (değiştirilebilir; bu düzen için hatırlanır), ilk satırlar ve tüm dosya için yeni, güncellenecek, atlanacak ve sorunlu satır sayıları. Onaylayınca içe aktarma başlar.',
    choose: 'Önizleme için dosya seçin',
    previewing: 'Önizleme hazırlanıyor (dosyanın tamamı okunuyor)',
    layout: 'Algılanan düzen',
    source: {
      remembered: 'Bu düzen için hatırlanan eşleştirme',
      chosen: 'Sizin seçtiğiniz eşleştirme',
      detected: 'Sütun adlarından bulunan eşleştirme',
    } as Record<string, string>,
    countsLabel: 'Önizleme sayıları',
    total: 'Toplam satır',
    new: 'Yeni',
    updated: 'Güncellenecek',
    skipped: 'Atlanacak',
    withProblems: 'Sorunlu (içe aktarılmayacak)',
    noName: 'İsim alanı için bir sütun seçin; isimsiz işletme içe aktarılamaz.',
    mapping: 'Sütun eşleştirme',
    notRead: '— okunmasın —',
    rowsLabel: 'İlk satırlar',
    confirm: 'Onayla ve İçe Aktar',
    cancel: 'Vazgeç',
    importing: 'İçe aktarılıyor',
    imported: 'İçe aktarma bitti',
  },
  importProblems: {
    title: (n: string) => `Sorunlu satırlar: ${n}`,
    none: 'Sorunlu satır yok.',
    download: 'Tümünü CSV olarak indir (satır numarası ve nedeniyle)',
    jobLink: (n: string) => `Sorunlu satırlar (${n}) — CSV`,
    leftOut: 'içe aktarılmadı',
    changed: 'değer değiştirildi',
    /** The label of each kind of problem, as the downloaded CSV names it (core/src/wire/import-problems.ts). */
    labels: IMPORT_PROBLEM_LABELS,
  },
  inbox: {
    title: 'İletişim Mesajları',
    intro:
      'Ziyaretçilerin iletişim formundan gönderdiği mesajlar, en yenisi başta. Kişisel veridir: okunanları işaretleyin, gereksizleri silin.',
    summary: (total: string, unread: string, page: number, pages: number) =>
      `${total} mesaj · ${unread} okunmamış · sayfa ${page} / ${pages}`,
    empty: 'Henüz mesaj yok',
    unreadBadge: 'Okunmadı',
    select: (subject: string) => `Seç: ${subject}`,
    selectPage: 'Bu sayfadakilerin hepsini seç',
    selected: (n: number) => `${n} mesaj seçili`,
    reply: 'E-postayla yanıtla',
    markRead: 'Okundu olarak işaretle',
    markUnread: 'Okunmadı olarak işaretle',
    markSelectedRead: 'Seçilenleri okundu yap',
    delete: 'Sil',
    deleteSelected: 'Seçilenleri sil',
    deleteTitle: 'Mesajı sil',
    deleteText: (subject: string, from: string) =>
      `"${subject}" (${from}) kalıcı olarak silinecek. Bu işlem geri alınamaz.`,
    deleteManyTitle: 'Seçilen mesajları sil',
    deleteManyText: (n: number) => `Seçilen ${n} mesaj kalıcı olarak silinecek. Bu işlem geri alınamaz.`,
    deleted: (n: number) => (n === 1 ? 'Mesaj silindi' : `${n} mesaj silindi`),
    failed: 'İşlem yapılamadı',
    retentionLabel: 'Saklama süresi (ay)',
    retentionHelp: (months: number) => `${months} aydan eski mesajlar her gün 04:00'te (UTC) otomatik olarak silinir.`,
    retentionSave: 'Kaydet',
    retentionSaved: (months: number) => `Mesajlar artık ${months} ay saklanacak.`,
  },
} as const;
