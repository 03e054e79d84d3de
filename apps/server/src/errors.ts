import type { ErrorKey } from '@crossmart/contract';

export type MessageParams = Record<string, string | number>;

/** A business failure: answered with HTTP 200, `code: 0` and the key's localized message. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly params: MessageParams | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(key: ErrorKey, params?: MessageParams, fields?: Record<string, string>) {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.params = params;
    this.fields = fields;
  }
}
