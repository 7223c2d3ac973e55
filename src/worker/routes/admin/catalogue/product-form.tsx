import { categories, CATEGORY_IDS } from '#shared/catalogue/categories.ts';
import { imageSources } from '#shared/photos/photo-files.ts';
import { EditorForm, PhotoInput, TextBlock } from '#worker/routes/admin-frame/editor-fields.tsx';
import { Choice, Field } from '#worker/routes/admin-frame/admin-ui.tsx';

/**
 * A photo from the phone or the computer: checked by its bytes on the server (JPEG, PNG, WebP, HEIC where
 * it can be read; at most PHOTO_MAX_BYTES), its sizes made once, its address put in the chosen field.
 */
function PhotoUpload({ current }: { current?: string }) {
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-stone-300 p-3 text-sm sm:col-span-2">
      <legend className="px-1 font-medium">Photo (photo)</legend>
      {current && (
        <img {...imageSources(current, '96px')} alt="" width={96} height={96} className="h-24 w-24 rounded border object-contain" />
      )}
      <PhotoInput shownAs="in the place chosen below, padded to its shape" />
      <Choice
        label="It is the product's (photo_for)"
        name="photo_for"
        options={[
          { value: 'images.main', label: 'Main, square' },
          { value: 'images.card', label: 'Card, 4:5' },
          { value: 'images.landscape', label: 'Landscape, wide' },
        ]}
        defaultValue="images.main"
      />
      <span className="text-stone-600">Its alt text is the image's alt text below (images.alt): say what the photo shows.</span>
    </fieldset>
  );
}

const money = { type: 'number', inputMode: 'decimal', step: '0.01', min: '0.01', required: true } as const;

/**
 * A product's form: every field its content file has, named with the file's keys (`prices.GBP`,
 * `images.alt`), so the form and the file are one vocabulary. `values` are what to show (the product,
 * or what was typed when a save was refused); `version` is the product as it was opened.
 */
export function ProductForm({
  action,
  values,
  version,
  problem,
  submit,
}: {
  action: string;
  values: Readonly<Record<string, string>>;
  version?: number;
  problem?: string;
  submit: string;
}) {
  return (
    <EditorForm title="The product" id="product" action={action} version={version} problem={problem} submit={submit}>
      <Field label="Name (name)" name="name" required maxLength={200} defaultValue={values.name} />
      {/* Every category a file may name (targets is a list filter, not in the navigation's list). */}
      <Choice
        label="Category (category)"
        name="category"
        choose="Choose a category"
        options={CATEGORY_IDS.map((id) => ({
          value: id,
          label: categories.find((c) => c.id === id)?.name ?? id[0]!.toUpperCase() + id.slice(1),
        }))}
        defaultValue={values.category}
      />
      {(['GBP', 'EUR', 'USD'] as const).map((c) => (
        <Field key={`p${c}`} label={`Price in ${c} (prices.${c})`} name={`prices.${c}`} {...money} defaultValue={values[`prices.${c}`]} />
      ))}
      {(['GBP', 'EUR', 'USD'] as const).map((c) => (
        <Field
          key={`f${c}`}
          label={`Full price in ${c} (full_prices.${c})`}
          name={`full_prices.${c}`}
          {...money}
          hint="Never below the price: the difference is shown as the saving."
          defaultValue={values[`full_prices.${c}`]}
        />
      ))}
      <TextBlock label="Description (description)" name="description" value={values.description} rows={5} />
      <TextBlock label="Features (features), one a line" name="features" value={values.features} />
      <TextBlock label="Technical specs (specs), one a line as Label: value" name="specs" value={values.specs} />
      <Field label="Tags (tags), comma-separated" name="tags" defaultValue={values.tags} hint="BESTSELLER, APP COMPATIBLE, BUNDLE" />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="new" defaultChecked={values.new === 'on'} /> New (new)
      </label>
      <TextBlock label="Search words (search_words), one a line" name="search_words" value={values.search_words} rows={3} />
      <TextBlock
        label="Related guides (related_guides), one a line as id | title | /path"
        name="related_guides"
        value={values.related_guides}
        rows={3}
      />
      <PhotoUpload current={values['images.main']} />
      <Field
        label="Image (images.main)"
        name="images.main"
        defaultValue={values['images.main']}
        hint="A site path such as /images/products/1-main.svg; an uploaded photo fills it"
      />
      <Field label="Image's alt text (images.alt)" name="images.alt" required maxLength={300} defaultValue={values['images.alt']} />
      <Field label="Card image (images.card)" name="images.card" defaultValue={values['images.card']} />
      <Field label="Landscape image (images.landscape)" name="images.landscape" defaultValue={values['images.landscape']} />
      <Field
        label="Payment link (payment_links.standard)"
        name="payment_links.standard"
        type="url"
        required
        defaultValue={values['payment_links.standard']}
      />
      <Field label="UK payment link (payment_links.uk)" name="payment_links.uk" type="url" defaultValue={values['payment_links.uk']} />
      <Field label="Meta title (meta_title)" name="meta_title" required maxLength={200} defaultValue={values.meta_title} />
      <Field
        label="Meta description (meta_description)"
        name="meta_description"
        required
        maxLength={160}
        defaultValue={values.meta_description}
      />
      <Field label="Slug (slug), empty: from the name" name="slug" defaultValue={values.slug} pattern="[a-z0-9]+(-[a-z0-9]+)*" />
    </EditorForm>
  );
}
