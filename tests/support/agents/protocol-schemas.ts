import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * The protocols' published JSON Schemas (./schemas, see its README) loaded into Ajv (draft 2020-12),
 * so a test checks an answer against UCP's and ACP's own definitions. Their custom keywords (UCP's
 * `ucp_request`, `name`) are annotations: strict mode is off.
 */
const here = new URL('./schemas/', import.meta.url).pathname;
const ucpDir = join(here, 'ucp-2026-04-08');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsonFiles(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats.default(ajv);
for (const file of jsonFiles(ucpDir)) {
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id?: string };
  // The discovery profile's $id is https://ucp.dev/schemas/discovery/profile.json, but it refers to
  // ../schemas/ucp.json as it sits in the repository (source/discovery/): registered where that resolves.
  if (relative(ucpDir, file) === 'discovery/profile_schema.json') schema.$id = 'https://ucp.dev/discovery/profile.json';
  ajv.addSchema(schema);
}
const acpFeed = JSON.parse(readFileSync(join(here, 'acp-2026-04-17/schema.feed.json'), 'utf8')) as { $id: string };
ajv.addSchema(acpFeed);

/** The schema errors of `data` against the schema at `ref` (an $id, with a #/$defs/… fragment when needed); [] when valid. */
export function schemaErrors(ref: string, data: unknown): string[] {
  const validate = ajv.getSchema(ref);
  if (!validate) throw new Error(`no schema ${ref}`);
  return validate(data)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

const UCP = 'https://ucp.dev/schemas';
export const SCHEMA = {
  businessProfile: 'https://ucp.dev/discovery/profile.json#/$defs/business_profile',
  search: `${UCP}/shopping/catalog_search.json#/$defs/search_response`,
  lookup: `${UCP}/shopping/catalog_lookup.json#/$defs/lookup_response`,
  product: `${UCP}/shopping/catalog_lookup.json#/$defs/get_product_response`,
  /** A checkout with the fulfillment extension, composed as UCP's resolution says (the extension's $defs for its parent). */
  checkout: `${UCP}/shopping/fulfillment.json#/$defs/dev.ucp.shopping.checkout`,
  checkoutWithDiscount: `${UCP}/shopping/discount.json#/$defs/dev.ucp.shopping.checkout`,
  order: `${UCP}/shopping/order.json`,
  errorResponse: `${UCP}/shopping/types/error_response.json`,
  acpProducts: `${acpFeed.$id}#/$defs/ProductsResponse`,
  acpUpsert: `${acpFeed.$id}#/$defs/UpsertProductsRequest`,
} as const;
