import { z } from 'zod';
import { CATALOG_PAGE_MAX } from './ucp-catalog.ts';

/**
 * What agents may send to the UCP API, checked before anything is read or held. Objects keep fields
 * they do not know (UCP's schemas allow them) but every field the shop reads is bounded.
 */
const text = (max: number) => z.string().trim().max(max);

export const contextSchema = z.looseObject({
  address_country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
  address_region: text(100).optional(),
  postal_code: text(20).optional(),
  language: text(35).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .optional(),
});

const paginationSchema = z.looseObject({
  cursor: text(200).optional(),
  limit: z.number().int().min(1).optional(),
});

export const searchRequestSchema = z.looseObject({
  query: text(200).default(''),
  context: contextSchema.optional(),
  pagination: paginationSchema.optional(),
});

export const lookupRequestSchema = z.looseObject({
  ids: z.array(text(64)).min(1).max(CATALOG_PAGE_MAX),
  context: contextSchema.optional(),
});

export const getProductRequestSchema = z.looseObject({ id: text(64), context: contextSchema.optional() });

const lineItemSchema = z.looseObject({
  id: text(64).optional(),
  item: z.looseObject({ id: text(64).min(1) }),
  quantity: z.number().int().min(1).max(99),
});

/** Kept with the session: only the fields the shop reads (anything else an agent adds is dropped, never stored). */
const buyerSchema = z.object({
  email: z.email().max(254).optional(),
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  phone_number: text(40).optional(),
});

export const destinationSchema = z.object({
  id: text(64).optional(),
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  street_address: text(200).optional(),
  extended_address: text(200).optional(),
  address_locality: text(100).optional(),
  address_region: text(100).optional(),
  postal_code: text(20).optional(),
  address_country: z.string().regex(/^[A-Za-z]{2}$/),
  phone_number: text(40).optional(),
});
export type Destination = z.infer<typeof destinationSchema>;

const fulfillmentSchema = z.looseObject({
  methods: z
    .array(
      z.looseObject({
        id: text(64).optional(),
        type: z.literal('shipping'),
        destinations: z.array(destinationSchema).max(5).optional(),
        selected_destination_id: text(64).optional(),
        groups: z
          .array(z.looseObject({ id: text(64).optional(), selected_option_id: text(64).optional() }))
          .max(5)
          .optional(),
      }),
    )
    .max(1),
});

/** A checkout's create and update: each update states the whole session again (UCP's PUT). */
export const checkoutRequestSchema = z.looseObject({
  line_items: z.array(lineItemSchema).min(1).max(20),
  buyer: buyerSchema.optional(),
  context: contextSchema.optional(),
  fulfillment: fulfillmentSchema.optional(),
  discounts: z.looseObject({ codes: z.array(text(64).min(1)).max(5).optional() }).optional(),
});
export type AgentCheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Complete: a payment instrument may come with it; the shop's only handler hands the buyer its payment page. */
export const completeRequestSchema = z.looseObject({
  payment: z.looseObject({ instruments: z.array(z.looseObject({})).max(5).optional() }).optional(),
});

/** Zod's first issue as UCP's JSONPath and words, for a 400's answer. */
export function firstIssue(error: z.ZodError): { path: string; content: string } {
  const issue = error.issues[0];
  const path = (issue?.path ?? []).map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  return { path: `$${path}`, content: issue ? `${path.slice(1) || 'body'}: ${issue.message}` : 'invalid body' };
}
