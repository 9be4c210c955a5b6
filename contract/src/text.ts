/**
 * Characters no request may carry in a string: C0 and C1 controls and DEL (a NUL breaks the store, others
 * hide text), and the bidirectional controls that make a name or remark read differently than it is stored
 * ("Trojan Source"). Line breaks and tabs are allowed only in the fields that are multi-line by nature.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAKS = /[\t\n\r]/;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** Fields whose text is multi-line (a Sign-In-with-Ethereum message). */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['message']);

/** Whether a text is safe to take in a field of this name. */
export function isSafeText(text: string, field = ''): boolean {
  if (CONTROL.test(text) || BIDI.test(text)) return false;
  return MULTILINE_FIELDS.has(field) || !LINE_BREAKS.test(text);
}

/** The path (`a.b.0`) of the first string in a request body that is not safe text, or null. */
export function findUnsafeText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') {
    const field = path.split('.').pop() ?? '';
    return isSafeText(value, field) ? null : path || 'body';
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (!isSafeText(k)) return path ? `${path}.?` : '?';
      const found = findUnsafeText(v, path ? `${path}.${k}` : k);
      if (found !== null) return found;
    }
  }
  return null;
}
