import { useState } from 'react';
import {
  type AdminBusinessFilters,
  type BulkApprovalCallAnswer,
  type BulkApprovalRequest,
} from '@directory/core/wire/admin-businesses.js';
import { adminRequest, messageOf } from '../api.js';
import { useConfirm } from '../dialog.js';
import { formatNumber } from '../format.js';
import { TR } from '../messages.js';
import { useToast } from '../toast.js';
import { screenAnnounces } from '../jobs-centre/JobsProvider.js';
import { cancelledDeleteSentence, type DeleteCallAnswer } from '../jobs-centre/job-text.js';

const T = TR.businesses;

/**
 * Bulk approve or hide (issue 34): the rows selected on this page, or every business matching the filters
 * (more than the api changes in one request become a worker job the jobs centre follows and can cancel). One
 * audited write; the public counts refresh as after a single toggle.
 */
export function SelectionBar(props: {
  pageIds: number[];
  selected: Set<number>;
  onSelect: (ids: Set<number>) => void;
  /** The list's filters, and how many businesses match them. */
  matching: AdminBusinessFilters;
  matchingTotal: number;
  /** Whether any filter narrows the list (without one, "matching" is every business). */
  filtered: boolean;
  onDone: () => Promise<unknown>;
  /** The list shows the review queue (?approval=waiting): every matching business may be rejected at once. */
  waitingOnly?: boolean;
}) {
  const toast = useToast();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const chosen = props.pageIds.filter((id) => props.selected.has(id));
  const allChosen = props.pageIds.length > 0 && chosen.length === props.pageIds.length;
  const matchingAllowed = props.filtered && props.matchingTotal > 0;

  const run = async (isApproved: boolean, selection: Pick<BulkApprovalRequest, 'ids' | 'matching'>, n: number) => {
    const ok = await confirm({
      title: T.confirmTitle(isApproved),
      message: T.confirmText(formatNumber(n), isApproved),
      confirmLabel: isApproved ? T.approveSelected : T.hideSelected,
      destructive: !isApproved,
    });
    if (!ok) return;
    setBusy(true);
    const announced = screenAnnounces('maintenance');
    try {
      const body: BulkApprovalRequest = { isApproved, ...selection };
      const answer = await adminRequest<BulkApprovalCallAnswer>('/api/admin/businesses/approval', {
        method: 'POST',
        body,
      });
      if ('selected' in answer) toast({ title: T.done(answer.selected, answer.changed, isApproved) });
      else toast({ title: T.approvalRunningTitle, description: T.approvalRunning });
      props.onSelect(new Set());
      await props.onDone();
    } catch (error) {
      toast({ title: T.failed, description: messageOf(error), variant: 'destructive' });
    } finally {
      announced();
      setBusy(false);
    }
  };

  /** Rejects (deletes) the waiting ones of the selection; a large one is the worker's job (202). */
  const reject = async (selection: Pick<BulkApprovalRequest, 'ids' | 'matching'>, n: number) => {
    const ok = await confirm({
      title: T.rejectTitle,
      message: T.rejectText(formatNumber(n)),
      confirmLabel: T.rejectSelected,
      cancelLabel: 'Vazgeç',
      destructive: true,
    });
    if (!ok) return;
    setBusy(true);
    const announced = screenAnnounces('maintenance');
    try {
      const answer = await adminRequest<DeleteCallAnswer>('/api/admin/businesses/reject', {
        method: 'POST',
        body: selection,
      });
      if (answer.cancelled)
        toast({
          title: TR.deleteCancelled,
          description: cancelledDeleteSentence(answer.deletedCount ?? 0, answer.totalCount ?? 0),
        });
      else if (answer.deletedCount === undefined)
        toast({ title: TR.deletes.runningTitle, description: T.rejectRunning });
      else toast({ title: T.rejected(answer.deletedCount) });
      props.onSelect(new Set());
      await props.onDone();
    } catch (error) {
      toast({ title: T.failed, description: messageOf(error), variant: 'destructive' });
    } finally {
      announced();
      setBusy(false);
    }
  };

  if (props.pageIds.length === 0) return null;
  return (
    <div className="admin-card selection-bar" role="toolbar" aria-label={T.selected(chosen.length)}>
      <label>
        <input
          type="checkbox"
          checked={allChosen}
          onChange={() => props.onSelect(allChosen ? new Set() : new Set(props.pageIds))}
        />{' '}
        {T.selectPage}
      </label>
      <span className="muted" aria-live="polite">
        {T.selected(chosen.length)}
      </span>
      <button
        type="button"
        disabled={busy || chosen.length === 0}
        onClick={() => run(true, { ids: chosen }, chosen.length)}
      >
        {T.approveSelected}
      </button>
      <button
        type="button"
        className="secondary"
        disabled={busy || chosen.length === 0}
        onClick={() => run(false, { ids: chosen }, chosen.length)}
      >
        {T.hideSelected}
      </button>
      <button
        type="button"
        className="danger"
        disabled={busy || chosen.length === 0}
        onClick={() => reject({ ids: chosen }, chosen.length)}
      >
        {T.rejectSelected}
      </button>
      {props.waitingOnly && props.matchingTotal > 0 && (
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => reject({ matching: props.matching }, props.matchingTotal)}
        >
          {T.rejectMatching(formatNumber(props.matchingTotal))}
        </button>
      )}
      {matchingAllowed && (
        <>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => run(true, { matching: props.matching }, props.matchingTotal)}
          >
            {T.approveMatching(formatNumber(props.matchingTotal))}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => run(false, { matching: props.matching }, props.matchingTotal)}
          >
            {T.hideMatching(formatNumber(props.matchingTotal))}
          </button>
        </>
      )}
    </div>
  );
}
