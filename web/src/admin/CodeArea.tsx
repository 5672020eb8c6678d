import { useId } from 'react';
import { formatBytes, formatNumber } from './format.js';
import { hasScriptTag, utf8Bytes } from './rules.js';

/** A code text area with its character count and a content-present indicator (admin spec §2). */
export function CodeArea(props: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  /** Admin spec §5: script tags only trigger a caution. */
  cautionScripts?: boolean;
  maxBytes?: number;
  placeholder?: string;
}) {
  const id = useId();
  const bytes = utf8Bytes(props.value);
  const tooBig = props.maxBytes !== undefined && bytes > props.maxBytes;
  const caution = props.cautionScripts && hasScriptTag(props.value);
  const active = props.value.trim().length > 0;
  return (
    <div className="code-area">
      <div className="code-area-head">
        <label htmlFor={id}>{props.label}</label>
        <span className={`badge ${active ? 'ok' : ''}`}>{active ? 'Aktif' : 'Boş'}</span>
      </div>
      <p id={`${id}-hint`} className="muted small">
        {props.hint}
      </p>
      <textarea
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        rows={6}
        spellCheck={false}
        placeholder={props.placeholder}
        aria-describedby={`${id}-hint ${id}-count${caution ? ` ${id}-caution` : ''}`}
        aria-invalid={tooBig || undefined}
      />
      <p id={`${id}-count`} className={`small ${tooBig ? 'error' : 'muted'}`}>
        {formatNumber(props.value.length)} karakter
        {props.maxBytes !== undefined &&
          ` · ${formatBytes(bytes)} / ${formatBytes(props.maxBytes)}${tooBig ? ' — sınırı aşıyor, kaydedilemez' : ''}`}
      </p>
      {caution && (
        <p id={`${id}-caution`} className="caution small">
          Dikkat: bu alan &lt;script&gt; etiketi içeriyor. Kod her sayfada çalışır; yalnızca güvendiğiniz kaynaklardan
          kod ekleyin.
        </p>
      )}
    </div>
  );
}
