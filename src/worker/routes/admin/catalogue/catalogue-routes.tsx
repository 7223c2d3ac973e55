import { Hono } from 'hono';
import {
  addProduct,
  editProduct,
  productForEditing,
  PHOTO_FIELDS,
  setListed,
  undoChange,
  type EditDeps,
  type PhotoField,
  type PlacedPhoto,
} from '#worker/catalogue-editing/product-edits.ts';
import { readFields, readFile } from '#worker/http/read-fields.ts';
import { checkedPhoto } from '#worker/photos/photo-uploads.ts';
import { adminPage, idParam, refused, runAdminForm, type AdminContext } from '#worker/routes/admin-frame/admin-context.tsx';
import type { AdminEnv } from '#worker/routes/admin-frame/admin-guard.tsx';
import { products } from '#worker/products/product-tables.ts';
import { asc } from 'drizzle-orm';
import { ProductForm } from './product-form.tsx';
import { CataloguePage, ProductPage } from './catalogue-pages.tsx';
import { stockNow } from '#worker/routes/admin/stock/stock-routes.tsx';

/** At most this many products on the list (the catalogue's own bound). */
const LIST_LIMIT = 500;

const editDeps = (c: AdminContext): EditDeps => ({
  db: c.get('deps').db,
  changes: c.get('deps').changes,
  contentChanged: () => c.get('deps').readCache.contentChanged(),
  photos: c.get('deps').photos,
});

/** The photo the form carried (field `photo`, for the image field `photo_for` names), checked by its bytes; none chosen: undefined. */
async function photoOf(c: AdminContext, fields: Record<string, string>): Promise<PlacedPhoto | undefined> {
  const file = await readFile(c, 'photo');
  if (!file) return undefined;
  const into: PhotoField = fields.photo_for && fields.photo_for in PHOTO_FIELDS ? (fields.photo_for as PhotoField) : 'images.main';
  return { ...(await checkedPhoto(file, 'photo', PHOTO_FIELDS[into])), into };
}

const versionOf = (fields: Record<string, string>) => Number(fields.version) || 0;

async function productPage(c: AdminContext, id: number, problem?: string, typed?: Record<string, string>, status = 200) {
  try {
    const editing = await productForEditing(c.get('deps').db, id);
    return adminPage(c, `Product ${id}`, <ProductPage editing={editing} problem={problem} typed={typed} />, status);
  } catch (err) {
    const { text, status: refusedStatus } = refused(err);
    return adminPage(c, 'No such product', <p>{text}</p>, refusedStatus);
  }
}

/** The catalogue in the back office (issue 79): every product, its page to edit, a new one; each change kept. */
export const catalogueRoutes = new Hono<AdminEnv>()
  .get('/admin/catalogue', async (c) => {
    const { db } = c.get('deps');
    const [rows, stock] = await Promise.all([
      db
        .select({ id: products.id, name: products.name, listed: products.listed, doc: products.doc })
        .from(products)
        .orderBy(asc(products.id))
        .limit(LIST_LIMIT),
      stockNow(c),
    ]);
    const byId = new Map(stock.map((s) => [s.id, s]));
    const list = rows.map((r) => ({ id: r.id, name: r.name, listed: r.listed, gbp: r.doc.prices.GBP, stock: byId.get(r.id) }));
    return adminPage(c, 'Catalogue', <CataloguePage rows={list} />);
  })
  .get('/admin/catalogue/new', (c) =>
    adminPage(c, 'Add a product', <ProductForm action="/admin/catalogue/new" values={{}} submit="Add the product" />),
  )
  .post('/admin/catalogue/new', async (c) => {
    const fields = await readFields(c);
    return runAdminForm(
      c,
      fields,
      '/admin/catalogue',
      async () => {
        const { id } = await addProduct(editDeps(c), fields, c.get('admin'), await photoOf(c, fields));
        return {
          text: `Product ${id} added: it is on the shop, with none in stock until you count a delivery.`,
          to: `/admin/catalogue/${id}`,
        };
      },
      ({ text, status }) =>
        adminPage(
          c,
          'Add a product',
          <ProductForm action="/admin/catalogue/new" values={fields} problem={text} submit="Add the product" />,
          status,
        ),
    );
  })
  .get('/admin/catalogue/:id', (c) => productPage(c, idParam(c)))
  .post('/admin/catalogue/:id', async (c) => {
    const [fields, id] = [await readFields(c), idParam(c)];
    return runAdminForm(
      c,
      fields,
      `/admin/catalogue/${id}`,
      async () => {
        const { changed } = await editProduct(editDeps(c), id, fields, versionOf(fields), c.get('admin'), await photoOf(c, fields));
        return { text: changed.length > 0 ? `Saved: ${changed.join(', ')}.` : 'Nothing had changed.' };
      },
      ({ text, status }) => productPage(c, id, text, fields, status),
    );
  })
  .post('/admin/catalogue/:id/listed', async (c) => {
    const [fields, id] = [await readFields(c), idParam(c)];
    return runAdminForm(
      c,
      fields,
      `/admin/catalogue/${id}`,
      async () => {
        await setListed(editDeps(c), id, fields.listed === 'yes', versionOf(fields), c.get('admin'));
        return { text: fields.listed === 'yes' ? 'It is on the shop again.' : 'It is off the shop.' };
      },
      ({ text, status }) => productPage(c, id, text, undefined, status),
    );
  })
  .post('/admin/catalogue/:id/undo/:change', async (c) => {
    const [fields, id] = [await readFields(c), idParam(c)];
    return runAdminForm(
      c,
      fields,
      `/admin/catalogue/${id}`,
      async () => {
        await undoChange(editDeps(c), id, idParam(c, 'change'), versionOf(fields), c.get('admin'));
        return { text: 'The change is undone (the history keeps both).' };
      },
      ({ text, status }) => productPage(c, id, text, undefined, status),
    );
  });
