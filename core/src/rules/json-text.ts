/**
 * Reads a JSON object from a cell or column value. Google-Maps exports write JSON; some tools write
 * Python dict text ({'Monday': '9AM-5PM', 'x': True}). Anything that does not read as an object is null.
 */
export function parseObjectText(raw: unknown): Record<string, unknown> | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'object') return Array.isArray(raw) ? null : (raw as Record<string, unknown>);
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (!text.startsWith('{')) return null;
  const parsed = tryJson(text) ?? tryJson(pythonDictToJson(text));
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Rewrites Python literal syntax (single quotes, True/False/None) as JSON, respecting quoted text. */
function pythonDictToJson(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "'" || ch === '"') {
      const quote = ch;
      let value = '';
      i++;
      while (i < text.length && text[i] !== quote) {
        if (text[i] === '\\' && i + 1 < text.length) {
          value += text[i + 1];
          i += 2;
          continue;
        }
        value += text[i++];
      }
      i++;
      out += JSON.stringify(value);
      continue;
    }
    const rest = text.slice(i);
    const word = /^(True|False|None)\b/.exec(rest);
    if (word) {
      out += word[1] === 'True' ? 'true' : word[1] === 'False' ? 'false' : 'null';
      i += word[1].length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}
