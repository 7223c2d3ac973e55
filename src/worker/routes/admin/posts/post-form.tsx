import { Choice, Field } from '#worker/routes/admin-frame/admin-ui.tsx';
import { EditorForm, PhotoInput, TextBlock } from '#worker/routes/admin-frame/editor-fields.tsx';

/**
 * A post's form: every field of its file, named with the file's keys (`title`, `published_at`,
 * `related_products`), the Markdown body as `body`, the category as the first of `tags`. `values` are
 * what to show (the post, or what was typed when a save was refused); `version` is the post as opened.
 */
export function PostForm({
  action,
  values,
  categories,
  version,
  problem,
  submit,
}: {
  action: string;
  values: Readonly<Record<string, string>>;
  categories: readonly string[];
  version?: number;
  problem?: string;
  submit: string;
}) {
  return (
    <EditorForm title="The post" id="post" action={action} version={version} problem={problem} submit={submit}>
      <Field label="Title (title)" name="title" required maxLength={200} defaultValue={values.title} />
      <Field
        label="Slug (slug), empty: from the title"
        name="slug"
        defaultValue={values.slug}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        hint="Its address: /training-gun-digest/<slug>"
      />
      <Choice
        label="Category (the first of tags)"
        name="category"
        choose="Choose a category"
        options={categories.map((c) => ({ value: c, label: c }))}
        defaultValue={values.category}
      />
      <Field label="More tags (tags), comma-separated" name="tags" defaultValue={values.tags} />
      <TextBlock label="Excerpt (excerpt): the card's and the mail's words" name="excerpt" value={values.excerpt} rows={2} />
      <TextBlock
        label="Body (body), in Markdown"
        name="body"
        value={values.body}
        rows={16}
        hint="## for a heading, **bold**, [words](/products) for a link, ![what it shows](/photos/…) for an image. Made safe as the files are."
      />
      <fieldset className="flex flex-col gap-2 rounded-md border border-stone-300 p-3 text-sm sm:col-span-2">
        <legend className="px-1 font-medium">Featured image (featured_image)</legend>
        <PhotoInput shownAs="wide, 1200 × 630" />
        <Field label="Or its address (featured_image)" name="featured_image" defaultValue={values.featured_image} />
      </fieldset>
      <Field
        label="Related products (related_products): their numbers"
        name="related_products"
        defaultValue={values.related_products}
        hint="1, 4: shown above the article"
      />
      <Choice
        label="Published (published)"
        name="published"
        options={[
          { value: 'false', label: 'No: a draft' },
          { value: 'true', label: 'Yes, from published_at' },
        ]}
        defaultValue={values.published || 'false'}
      />
      <Field
        label="Published at (published_at), the shop's time"
        name="published_at"
        type="datetime-local"
        defaultValue={values.published_at}
        hint="Empty: now. A later time schedules it: it comes out on that minute, and the Digest's subscribers get it once. A draft is seen only here, and by you at its address."
      />
      <Field label="Meta title (meta_title)" name="meta_title" maxLength={200} defaultValue={values.meta_title} />
      <Field label="Meta description (meta_description)" name="meta_description" maxLength={160} defaultValue={values.meta_description} />
    </EditorForm>
  );
}
