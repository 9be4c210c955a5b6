/** A refusal kept on a record (its answer's name and parameters), told later in a reader's language. */
import { type ErrorName, errorMessage, type Lang, VALIDATION_REASONS } from '@nexa/contract';

export function failMessage(code: string | null, paramsText: string | null, lang: Lang): string | null {
  if (code === null) return null;
  const params = paramsText ? (JSON.parse(paramsText) as Record<string, string>) : {};
  if (code === 'ValidationFailed') {
    const reason = VALIDATION_REASONS[params.reason as keyof typeof VALIDATION_REASONS]?.[lang] ?? '';
    return errorMessage('ValidationFailed', lang, { ...params, reason });
  }
  try {
    return errorMessage(code as ErrorName, lang, params);
  } catch {
    return code;
  }
}
