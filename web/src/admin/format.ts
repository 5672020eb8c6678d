/** Numbers, sizes, durations and moments as the Turkish admin screens show them. */
const numbers = new Intl.NumberFormat('tr-TR');
export const formatNumber = (value: number) => numbers.format(value);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString('tr-TR', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}

/** An uptime as "3 g 4 sa 12 dk" (days, hours, minutes); under a minute in seconds. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} sn`;
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return [days ? `${days} g` : '', hours ? `${hours} sa` : '', `${minutes} dk`].filter(Boolean).join(' ');
}

export function formatDateTime(iso: string | Date): string {
  return new Date(iso).toLocaleString('tr-TR', { dateStyle: 'medium', timeStyle: 'short' });
}

const relative = new Intl.RelativeTimeFormat('tr', { numeric: 'auto' });

/** "5 dakika önce", "dün" for the activity lists: Intl's Turkish words, in the largest whole unit. */
export function timeAgo(iso: string | Date, now = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return relative.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  return relative.format(-Math.round(hours / 24), 'day');
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['tr'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** A country's name in Turkish from its ISO code ("DE" → "Almanya"); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}
