import { type ErrorName, VALIDATION_REASONS, type ValidationReason } from '@nexa/contract';
import type { z } from 'zod';

/** A business failure a handler reports; the transport turns it into `{code, msg, data, error}`. */
export class DomainError extends Error {
  readonly errorName: ErrorName;
  readonly params: Readonly<Record<string, string>>;
  readonly data: unknown;
  constructor(name: ErrorName, params: Readonly<Record<string, string>> = {}, data: unknown = null) {
    super(name);
    this.name = 'DomainError';
    this.errorName = name;
    this.params = params;
    this.data = data;
  }
}

/** Field validation failure; `reason` is localized by the transport. */
export class ValidationError extends DomainError {
  readonly field: string;
  readonly reason: ValidationReason;
  constructor(field: string, reason: ValidationReason) {
    super('ValidationFailed', { field, reason });
    this.field = field;
    this.reason = reason;
  }
}

function isReason(text: string): text is ValidationReason {
  return Object.hasOwn(VALIDATION_REASONS, text);
}

/** The first zod issue as a field and one of the closed set of reasons. */
export function validationFromZod(error: z.ZodError): ValidationError {
  const issue = error.issues[0];
  if (!issue) return new ValidationError('body', 'invalid_value');
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  if (isReason(issue.message)) return new ValidationError(field, issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return new ValidationError(field, issue.input === undefined ? 'required' : 'invalid_type');
    case 'too_small':
      return new ValidationError(field, 'too_small');
    case 'too_big':
      return new ValidationError(field, 'too_big');
    case 'invalid_format':
      return new ValidationError(field, 'invalid_format');
    default:
      return new ValidationError(field, 'invalid_value');
  }
}
