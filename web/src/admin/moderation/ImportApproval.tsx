import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { adminRequest, messageOf } from '../api.js';
import { formatNumber } from '../format.js';
import { TR } from '../messages.js';
import { useToast } from '../toast.js';

const T = TR.moderation;

/**
 * The "imports need approval" setting (issue 34 moderation), saved as soon as it is switched: the api audits
 * it, and imports that start afterwards follow it.
 */
export function ImportApproval() {
  const toast = useToast();
  const setting = useSWR<{ needsApproval: boolean }>('/api/admin/import-approval');
  /** The value being saved, shown at once; the stored one again if the save fails. */
  const [saving, setSaving] = useState<boolean | null>(null);

  const change = async (needsApproval: boolean) => {
    setSaving(needsApproval);
    try {
      const answer = await adminRequest<{ needsApproval: boolean }>('/api/admin/import-approval', {
        method: 'PUT',
        body: { needsApproval },
      });
      await setting.mutate({ needsApproval: answer.needsApproval }, { revalidate: false });
      toast({ title: 'Kaydedildi', description: T.saved(answer.needsApproval) });
    } catch (error) {
      toast({ title: T.failed, description: messageOf(error), variant: 'destructive' });
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="admin-card" aria-labelledby="import-approval-title">
      <h2 id="import-approval-title">{T.settingTitle}</h2>
      <label>
        <input
          type="checkbox"
          checked={saving ?? setting.data?.needsApproval ?? false}
          disabled={!setting.data || saving !== null}
          onChange={(e) => change(e.target.checked)}
        />{' '}
        {T.settingLabel}
      </label>
      <p className="muted small">{T.settingHelp}</p>
    </section>
  );
}

/** The way into the review queue, with its count; nothing when no business waits. */
export function WaitingQueueLink(props: { count: number | undefined; onOpen?: () => void }) {
  if (!props.count) return null;
  const n = formatNumber(props.count);
  return (
    <p className="notice warn waiting-queue">
      {T.queueNote(n)}{' '}
      {props.onOpen ? (
        <button type="button" className="secondary" onClick={props.onOpen}>
          {T.queue(n)}
        </button>
      ) : (
        <Link to="/admin/businesses?approval=waiting">{T.queue(n)}</Link>
      )}
    </p>
  );
}
