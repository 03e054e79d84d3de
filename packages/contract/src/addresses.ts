import { z } from 'zod';
import { mobileFieldSchema } from './accounts.ts';
import { rowIdQuerySchema } from './envelope.ts';

/** Limits of the address book (issue 7 item 1). */
export const addressLimits = {
  /** Addresses one user may keep. */
  maxPerUser: 20,
  nameMaxLength: 50,
  addressMaxLength: 200,
  areaTextMaxLength: 200,
  areaCodeMaxLength: 32,
  /** Country / prefecture / city. */
  areaMaxDepth: 3,
} as const;

/** Tag choices: each is shown through the i18n key `address.tag.<tag>`. */
export const addressTags = ['home', 'company', 'other'] as const;
export type AddressTag = (typeof addressTags)[number];

/** The validation messages of docs/spec.md §5 for the address form (keys in server catalogues and web locales). */
export const addressValidationKeys = [
  'validation.address_name_required',
  'validation.mobile_invalid',
  'validation.address_fields_required',
] as const;

const fieldsRequired = 'validation.address_fields_required';
const L = addressLimits;

/**
 * The area: the chosen region path (codes from the built-in region tree, e.g. `['JP', 'JP-13',
 * 'JP-13-shinjuku']`) and the text shown for it (e.g. "日本 / 東京都 / 新宿区").
 */
export const addressAreaSchema = z.object(
  {
    codes: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(L.areaCodeMaxLength)
          .regex(/^[A-Za-z0-9_-]+$/, { error: fieldsRequired }),
        {
          error: fieldsRequired,
        },
      )
      .min(1, { error: fieldsRequired })
      .max(L.areaMaxDepth, { error: fieldsRequired }),
    text: z.string({ error: fieldsRequired }).trim().min(1, { error: fieldsRequired }).max(L.areaTextMaxLength),
  },
  { error: fieldsRequired },
);
export type AddressArea = z.infer<typeof addressAreaSchema>;

const id = rowIdQuerySchema;

/** `POST /api/user/address_add`: create, or update when `id` is given. */
export const addressSaveRequestSchema = z.object({
  id: id.optional(),
  name: z
    .string({ error: 'validation.address_name_required' })
    .trim()
    .min(1, { error: 'validation.address_name_required' })
    .max(L.nameMaxLength),
  mobile: z.string({ error: 'validation.mobile_invalid' }).pipe(mobileFieldSchema),
  area: addressAreaSchema,
  address: z.string({ error: fieldsRequired }).trim().min(1, { error: fieldsRequired }).max(L.addressMaxLength),
  tag: z.enum(addressTags, { error: fieldsRequired }),
  is_default: z.boolean().optional(),
});
export type AddressSaveRequest = z.input<typeof addressSaveRequestSchema>;

/** One address as the calls answer it. */
export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  area: addressAreaSchema,
  address: z.string(),
  tag: z.enum(addressTags),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** `GET /api/user/address_list`: the default first, then newest first. */
export const addressListSchema = z.object({ list: z.array(addressSchema) });
export type AddressList = z.infer<typeof addressListSchema>;

/** `GET /api/user/address?id=` and `GET /api/user/address_del?id=`. */
export const addressIdQuerySchema = z.object({ id });
/** `POST /api/user/address_set_default`. */
export const addressIdBodySchema = z.object({ id });

/** `address_del` answers which address is the default afterwards (null when none are left). */
export const addressDeleteResultSchema = z.object({ default_id: z.number().int().nullable() });
export type AddressDeleteResult = z.infer<typeof addressDeleteResultSchema>;
