/**
 * Characters no request may carry in a string: C0 and C1 controls and DEL (a NUL breaks the store, others
 * hide text), and the bidirectional controls that make a name or remark read differently than it is stored
 * ("Trojan Source"). Line breaks and tabs are allowed only in the fields that are multi-line by nature.
 * Nor may a string be invalid Unicode: a lone surrogate (half of a UTF-16 pair, `\ud800`) is no character
 * at all, and PostgreSQL's jsonb refuses it, so it would fail a write deep inside a money call.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAKS = /[\t\n\r]/;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Fields whose text is multi-line (a Sign-In-with-Ethereum message). */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['message']);

/** Why a text may not be taken in a field of this name (the ValidationFailed reason), or null. */
export function textIssue(text: string, field = ''): 'invalid_characters' | 'invalid_unicode' | null {
  if (LONE_SURROGATE.test(text)) return 'invalid_unicode';
  if (CONTROL.test(text) || BIDI.test(text)) return 'invalid_characters';
  return MULTILINE_FIELDS.has(field) || !LINE_BREAKS.test(text) ? null : 'invalid_characters';
}

/** Whether a text is safe to take in a field of this name. */
export function isSafeText(text: string, field = ''): boolean {
  return textIssue(text, field) === null;
}

export interface TextProblem {
  /** The field's path (`a.b.0`; `body` for the body itself, `?` for a key). */
  readonly path: string;
  readonly reason: 'invalid_characters' | 'invalid_unicode';
}

/** The first string (value or key) in a request body that is not safe text, and why; or null. */
export function findTextProblem(value: unknown, path = ''): TextProblem | null {
  if (typeof value === 'string') {
    const field = path.split('.').pop() ?? '';
    const reason = textIssue(value, field);
    return reason ? { path: path || 'body', reason } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findTextProblem(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const reason = textIssue(k);
      if (reason) return { path: path ? `${path}.?` : '?', reason };
      const found = findTextProblem(v, path ? `${path}.${k}` : k);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The path (`a.b.0`) of the first string in a request body that is not safe text, or null. */
export function findUnsafeText(value: unknown, path = ''): string | null {
  return findTextProblem(value, path)?.path ?? null;
}
