import { useState } from 'react';
import type { SWRResponse } from 'swr';
import { adminRequest, messageOf } from '../api.js';
import { useConfirm } from '../dialog.js';
import { formatNumber } from '../format.js';
import { TR } from '../messages.js';
import { useToast } from '../toast.js';
import { screenAnnounces } from '../jobs-centre/JobsProvider.js';
import { cancelledDeleteSentence, type DeleteCallAnswer } from '../jobs-centre/job-text.js';
import type { Stats } from '../types.js';

interface SlugFixAnswer {
  success: boolean;
  successCount: number;
  totalProcessed: number;
  message: string;
  complete?: boolean;
  state?: string;
  jobId?: string;
}

/**
 * The list's actions on many businesses at once (admin spec §2, §5): test data, slug fix, delete-all. Each
 * deletes in the request or follows its worker job; a cancelled delete is said with what it deleted.
 */
export function BulkActions({
  stats,
  onDone: refreshData,
  onDeletedAll,
}: {
  stats: SWRResponse<Stats>;
  onDone: () => Promise<unknown>;
  onDeletedAll: () => void;
}) {
  const toast = useToast();
  const confirm = useConfirm();
  const [bulk, setBulk] = useState<'count' | 'all' | 'test' | 'slugs' | null>(null);

  const deleteAll = async () => {
    // The count is read fresh from the api as the dialog opens (the cached stats may be minutes old).
    setBulk('count');
    let count: number;
    try {
      const fresh = await stats.mutate();
      if (!fresh) throw new Error(TR.deleteAll.countFailed);
      count = fresh.totalBusinesses;
    } catch (error) {
      toast({ title: TR.deleteAll.countFailed, description: messageOf(error), variant: 'destructive' });
      setBulk(null);
      return;
    }
    setBulk(null);
    const first = await confirm({
      title: 'Tüm işletmeleri sil',
      message: TR.deleteAll.confirm(formatNumber(count)),
      confirmLabel: 'Devam',
      destructive: true,
    });
    if (!first) return;
    const second = await confirm({
      title: 'Son onay',
      message:
        'This also deletes every opening hours and amenities record of these businesses. Are you absolutely sure?',
      confirmLabel: 'Hepsini sil',
      destructive: true,
    });
    if (!second) return;
    setBulk('all');
    const announced = screenAnnounces('maintenance');
    try {
      const answer = await adminRequest<DeleteCallAnswer>('/api/admin/businesses', { method: 'DELETE' });
      // A delete still running after the call's wait answers its job (202): it is not done yet.
      if (answer.cancelled)
        toast({
          title: TR.deleteCancelled,
          description: cancelledDeleteSentence(answer.deletedCount ?? 0, answer.totalCount ?? 0),
        });
      else if (answer.message === undefined) toast({ title: TR.deletes.runningTitle, description: TR.deletes.running });
      else toast({ title: 'Tüm işletmeler silindi', description: answer.message });
      onDeletedAll();
      await refreshData();
    } catch (error) {
      toast({ title: 'Failed to delete businesses', description: messageOf(error), variant: 'destructive' });
    } finally {
      announced();
      setBulk(null);
    }
  };

  const deleteTestData = async () => {
    const ok = await confirm({
      title: 'Test verilerini sil',
      message: '"Test Business" adlı tüm test işletmeleri silinecek. Bu işlem geri alınamaz. Emin misiniz?',
      confirmLabel: 'Test verilerini sil',
      cancelLabel: 'Vazgeç',
      destructive: true,
    });
    if (!ok) return;
    setBulk('test');
    const announced = screenAnnounces('maintenance');
    try {
      const answer = await adminRequest<DeleteCallAnswer>('/api/admin/test-data', { method: 'DELETE' });
      if (answer.cancelled)
        toast({
          title: TR.deleteCancelled,
          description: cancelledDeleteSentence(answer.deletedCount ?? 0, answer.totalCount ?? 0),
        });
      else if (answer.deletedCount === undefined)
        toast({ title: TR.deletes.runningTitle, description: TR.deletes.running });
      else
        toast({
          title: 'Test verileri silindi',
          description: `${formatNumber(answer.deletedCount)} test işletmesi silindi.`,
        });
      await refreshData();
    } catch (error) {
      toast({ title: 'Test verileri silinemedi', description: messageOf(error), variant: 'destructive' });
    } finally {
      announced();
      setBulk(null);
    }
  };

  const fixSlugs = async () => {
    const ok = await confirm({
      title: "URL'leri düzelt",
      message:
        "Zaman damgalı uzun URL'ler kısa, place_id tabanlı URL'lere dönüştürülecek; eski adresler yenilerine " +
        'yönlendirilir. İşlem kesilirse kaldığı yerden devam eder. Devam edilsin mi?',
      confirmLabel: "URL'leri düzelt",
      cancelLabel: 'Vazgeç',
    });
    if (!ok) return;
    setBulk('slugs');
    const announced = screenAnnounces('slugs');
    try {
      let answer = await adminRequest<SlugFixAnswer>('/api/admin/fix-slugs', { method: 'POST', body: {} });
      // The call waits 20 s; a longer fix goes on in the worker and is followed here until it ends.
      while (answer.state !== 'completed' && answer.jobId) {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        answer = await adminRequest<SlugFixAnswer>(`/api/admin/fix-slugs/${encodeURIComponent(answer.jobId)}`);
      }
      toast({
        title: "URL'ler düzeltildi",
        description: `${formatNumber(answer.successCount)} URL düzeltildi (${formatNumber(answer.totalProcessed)} incelendi).`,
      });
      await refreshData();
    } catch (error) {
      toast({ title: "URL'ler düzeltilemedi", description: messageOf(error), variant: 'destructive' });
    } finally {
      announced();
      setBulk(null);
    }
  };

  return (
    <div className="admin-card bulk-actions" role="group" aria-label="Toplu işlemler">
      <button type="button" className="secondary" onClick={deleteTestData} disabled={bulk !== null}>
        {bulk === 'test' ? 'Siliniyor...' : 'Test Verilerini Sil'}
      </button>
      <button type="button" className="secondary" onClick={fixSlugs} disabled={bulk !== null}>
        {bulk === 'slugs' ? 'Düzeltiliyor...' : "URL'leri Düzelt"}
      </button>
      <button type="button" className="danger" onClick={deleteAll} disabled={bulk !== null}>
        {bulk === 'count' ? TR.deleteAll.counting : bulk === 'all' ? 'Siliniyor...' : 'Tümünü Sil'}
      </button>
    </div>
  );
}
