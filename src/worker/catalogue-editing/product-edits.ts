import { and, desc, eq, max, ne, sql } from 'drizzle-orm';
import { CATALOGUE_TAG, productTag } from '#shared/caching/cache-tags.ts';
import {
  checkedFields,
  fieldsFromForm,
  fieldsOfProduct,
  formOfFields,
  productOfFields,
  type ProductFields,
} from '#shared/catalogue/product-fields.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { Db } from '#worker/db/client.ts';
import { bumpContentVersion } from '#worker/posts/content-version.ts';
import type { Photos } from '#worker/photos/photo-store.ts';
import { storeIfAny, type CheckedPhoto } from '#worker/photos/photo-uploads.ts';
import { products } from '#worker/products/product-tables.ts';
import { stock } from '#worker/stock/stock-tables.ts';
import { productChanges, type ProductSnapshot } from './product-change-tables.ts';

/** What an edit needs: the database, and where its change is told (pages purged, the read cache's copies outdated). */
export interface EditDeps {
  db: Db;
  changes: ChangeFeed;
  /** The read cache's copies made under the old catalogue are outdated at once on this instance. */
  contentChanged: () => Promise<void>;
  /** Where an uploaded photo is stored (absent: a photo is refused, saying photos are not set up). */
  photos?: Photos;
}

/** The image fields a photo may fill, with the shape each is shown in (shared/catalogue/product.ts, productImageSize). */
export const PHOTO_FIELDS = { 'images.main': 'square', 'images.card': 'card', 'images.landscape': 'wide' } as const;
export type PhotoField = keyof typeof PHOTO_FIELDS;

/** A photo the form carried, checked by its bytes, for one image field. */
export type PlacedPhoto = CheckedPhoto & { into: PhotoField };

/** The form as if the photo's address had been typed into its field (checked with the rest before anything is stored). */
const withPhoto = (form: Readonly<Record<string, string | undefined>>, photo?: PlacedPhoto) =>
  photo ? { ...form, [photo.into]: photo.src } : form;

type Row = typeof products.$inferSelect;

/** A product's fields, description and listing as one snapshot, to compare and keep. */
const snapshotOf = (row: Pick<Row, 'doc' | 'listed'>): Required<Pick<ProductSnapshot, 'description' | 'listed'>> & ProductFields => ({
  ...fieldsOfProduct(row.doc),
  description: row.doc.description,
  listed: row.listed,
});

/** The fields that differ, before and after (only those). */
function difference(before: ProductSnapshot, after: ProductSnapshot) {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])] as Array<keyof ProductSnapshot>;
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const pick = (s: ProductSnapshot) => Object.fromEntries(changed.map((k) => [k, s[k]])) as ProductSnapshot;
  return { changed, before: pick(before), after: pick(after) };
}

async function told(deps: EditDeps, id: number) {
  await deps.contentChanged();
  await deps.changes.publish([productTag(id), CATALOGUE_TAG]);
}

/** The product as its page in the back office reads it, with its last changes (newest first, 20). */
export async function productForEditing(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw new Refusal(`no product ${id}`, 'unknown');
  const history = await db.select().from(productChanges).where(eq(productChanges.productId, id)).orderBy(desc(productChanges.id)).limit(20);
  return { row, history };
}

/** A Refusal naming the field, from the form's words (nothing is saved). */
function checked(form: Readonly<Record<string, string | undefined>>, id: number) {
  const result = checkedFields(fieldsFromForm(form, id), form.description ?? '');
  if ('problem' in result) throw new Refusal(result.problem, 'invalid');
  return { fields: result.fields, description: (form.description ?? '').replace(/\s+/g, ' ').trim() };
}

async function slugTaken(db: Db, slug: string, id: number) {
  const [other] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), ne(products.id, id)))
    .limit(1);
  if (other) throw new Refusal(`slug: ${slug} is product ${other.id}'s`, 'invalid');
}

/**
 * Saves the owner's edit of a product, opened at `version`: checked as its file would be (each refusal
 * names the field), never over a change made since (409, saying who and when), its change kept in the
 * product's history, its pages purged and the read cache told, all before the answer.
 */
export async function editProduct(
  deps: EditDeps,
  id: number,
  form: Readonly<Record<string, string | undefined>>,
  version: number,
  by: string,
  photo?: PlacedPhoto,
) {
  const { db } = deps;
  const { row } = await productForEditing(db, id);
  const { fields, description } = checked(withPhoto(form, photo), id);
  const doc = productOfFields(fields, description);
  await slugTaken(db, doc.slug, id);
  const diff = difference(snapshotOf(row), { ...fields, description, listed: row.listed });
  if (diff.changed.length === 0) return { version: row.version, changed: [] as string[] };
  await storeIfAny(deps.photos, photo);
  const at = new Date().toISOString();
  const [saved] = await db.batch([
    db
      .update(products)
      .set({
        doc,
        slug: doc.slug,
        name: doc.name,
        category: doc.category_id,
        version: row.version + 1,
        editedBy: by,
        editedAt: at,
        updatedAt: at,
      })
      .where(and(eq(products.id, id), eq(products.version, version)))
      .returning({ version: products.version }),
    // Kept only when the product was saved (the same version check, in the same transaction).
    db.run(sql`insert into ${productChanges} (product_id, by, at, before, after)
      select ${id}, ${by}, ${at}, ${JSON.stringify(diff.before)}, ${JSON.stringify(diff.after)}
      where changes() > 0`),
    bumpContentVersion(db),
  ]);
  if (saved.length === 0) {
    const [now] = await db.select({ editedBy: products.editedBy, editedAt: products.editedAt }).from(products).where(eq(products.id, id));
    const who = now?.editedBy ? `changed by ${now.editedBy} at ${now.editedAt}` : 'changed since this page was opened';
    throw new Refusal(`Not saved: this product was ${who}. Open it again to see the change, then make yours.`, 'conflict');
  }
  await told(deps, id);
  return { version: saved[0]!.version, changed: diff.changed };
}

/** A new product from the form, under the next free id: listed at once, with none in stock until a delivery is counted. */
export async function addProduct(deps: EditDeps, form: Readonly<Record<string, string | undefined>>, by: string, photo?: PlacedPhoto) {
  const { db } = deps;
  const [{ top }] = (await db.select({ top: max(products.id) }).from(products)) as [{ top: number | null }];
  const id = (top ?? 0) + 1;
  const { fields, description } = checked(withPhoto(form, photo), id);
  const doc = productOfFields(fields, description);
  await slugTaken(db, doc.slug, id);
  await storeIfAny(deps.photos, photo);
  const at = new Date().toISOString();
  await db.batch([
    db
      .insert(products)
      .values({ id, slug: doc.slug, name: doc.name, category: doc.category_id, doc, listed: true, editedBy: by, editedAt: at }),
    // A new product has what the shop counted for it: nothing, until a delivery (as a synced file's).
    db.insert(stock).values({ productId: id, onHand: 0 }).onConflictDoNothing(),
    db.insert(productChanges).values({ productId: id, by, at, before: {}, after: { ...fields, description, listed: true } }),
    bumpContentVersion(db),
  ]);
  await told(deps, id);
  return { id };
}

/** Lists or unlists a product (never deleted: its orders keep it), as a change in its history. */
export async function setListed(deps: EditDeps, id: number, listed: boolean, version: number, by: string) {
  const { db } = deps;
  const { row } = await productForEditing(db, id);
  if (row.listed === listed) return;
  const at = new Date().toISOString();
  const [saved] = await db.batch([
    db
      .update(products)
      .set({ listed, version: row.version + 1, editedBy: by, editedAt: at, updatedAt: at })
      .where(and(eq(products.id, id), eq(products.version, version)))
      .returning({ version: products.version }),
    db.run(sql`insert into ${productChanges} (product_id, by, at, before, after)
      select ${id}, ${by}, ${at}, ${JSON.stringify({ listed: row.listed })}, ${JSON.stringify({ listed })} where changes() > 0`),
    bumpContentVersion(db),
  ]);
  if (saved.length === 0)
    throw new Refusal(`Not saved: this product was changed by ${row.editedBy ?? 'someone'} since; open it again.`, 'conflict');
  await told(deps, id);
}

/** Puts back what one change changed (only its fields), as a new change: the history keeps both. */
export async function undoChange(deps: EditDeps, id: number, changeId: number, version: number, by: string) {
  const { db } = deps;
  const { row } = await productForEditing(db, id);
  const [change] = await db
    .select()
    .from(productChanges)
    .where(and(eq(productChanges.id, changeId), eq(productChanges.productId, id)))
    .limit(1);
  if (!change || Object.keys(change.before).length === 0) throw new Refusal(`no change ${changeId} to undo on product ${id}`, 'unknown');
  const { listed, description, ...fields } = { ...snapshotOf(row), ...change.before };
  // Undo goes through the same checks as an edit: the fields as the form writes them.
  const form = formOfFields(fields as ProductFields, description);
  if (listed !== row.listed) await setListed(deps, id, listed, version, by);
  const fresh = listed !== row.listed ? (await productForEditing(db, id)).row.version : version;
  return editProduct(deps, id, form, fresh, by);
}
