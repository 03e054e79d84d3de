/**
 * The closed list of error keys a server answer can carry (`error` in the envelope).
 * Each key has a message in every server catalogue under `errors.<KEY>`.
 */
export const errorKeys = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'INSUFFICIENT_BALANCE',
  'ALREADY_PROCESSED',
  // accounts (issue 4)
  'ACCOUNT_TAKEN',
  'EMAIL_TAKEN',
  'MOBILE_TAKEN',
  'LOGIN_FAILED',
  'ACCOUNT_LOCKED',
  'ACCOUNT_DISABLED',
  'PASSWORD_WRONG',
  'PASSWORD_SAME',
  'RESET_CODE_INVALID',
  'PAY_PASSWORD_NOT_SET',
  'PAY_PASSWORD_WRONG',
  'PAY_LOCKED',
  // catalog
  'PRODUCT_NOT_FOUND',
  'SHOP_NOT_FOUND',
  'SKU_NOT_FOUND',
  'INSUFFICIENT_STOCK',
  // wallet, idempotency and uploads (issue 6)
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'NETWORK_NOT_SUPPORTED',
  'CHANNEL_NOT_FOUND',
  'EVIDENCE_INVALID',
  'WITHDRAW_AMOUNT_INVALID',
  'WITHDRAW_BELOW_MINIMUM',
  'ALREADY_AUDITED',
  'UPLOAD_MISSING_FILE',
  'UPLOAD_TYPE_NOT_ALLOWED',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_TOO_MANY_PIXELS',
  'UPLOAD_INVALID_IMAGE',
  // addresses (issue 7)
  'ADDRESS_LIMIT',
  // cart and orders (issue 7)
  'CART_ITEM_NOT_FOUND',
  'CHECKOUT_EMPTY',
  'PRODUCT_UNAVAILABLE',
  'ADDRESS_REQUIRED',
  'ADDRESS_NOT_FOUND',
  'ORDER_NOT_FOUND',
  'ORDER_STATUS_INVALID',
  'PROMO_INVALID',
  'PROMO_NOT_STARTED',
  'PROMO_EXPIRED',
  'PROMO_MIN_SPEND',
  'PROMO_LIMIT_REACHED',
  'TEST_CLOCK_DISABLED',
  // support and mutual aid (issue 15)
  'ALREADY_SUPPORTED_TODAY',
  'SUPPORT_OWN_SHOP',
  'COMPLAINT_IMAGES_INVALID',
  // customer service (issue 15)
  'SUPPORT_TICKET_INVALID',
  'SUPPORT_PICTURE_INVALID',
  // security hardening (issue 17)
  'UNPAID_ORDER_LIMIT',
  'ORDER_LINE_LIMIT',
  'PASSWORD_TOO_COMMON',
  'UPLOAD_DAILY_QUOTA',
  'RECHARGE_TX_HASH_USED',
  // seller platform (issue 12)
  'MERCHANT_REQUIRED',
  'SHOP_SUSPENDED',
  'ALREADY_MERCHANT',
  'APPLICATION_PENDING',
  'APPLICATION_NOT_FOUND',
  'PRODUCT_HAS_ORDERS',
  'PROMO_NOT_FOUND',
  'REVIEW_NOT_FOUND',
  'REVIEW_ALREADY_REPLIED',
  // refunds (issue 13)
  'REFUND_NOT_FOUND',
  'REFUND_ALREADY_SUBMITTED',
  'REFUND_STATUS_INVALID',
  'REFUND_AMOUNT_TOO_HIGH',
  'REFUND_PICTURES_INVALID',
] as const;

export type ErrorKey = (typeof errorKeys)[number];

/** Envelope `code` values (docs/product-rules.md §7): 1 success, 0 business failure, 401 not logged in. */
export const resultCodes = { ok: 1, failure: 0, unauthorized: 401 } as const;

/**
 * Messages for validation issues (`fields`). Contract schemas put one of these keys in a zod
 * `error`, so server and client translate the same words.
 */
export const validationKeys = [
  'required',
  'invalid',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'not_integer',
  'invalid_option',
] as const;

export type ValidationKey = (typeof validationKeys)[number];
