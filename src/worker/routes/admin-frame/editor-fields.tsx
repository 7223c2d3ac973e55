import type { ReactNode } from 'react';
import { megabytes, PHOTO_MAX_BYTES } from '#shared/photos/photo-files.ts';
import { FormOnce, Problem, Section, Submit } from './admin-ui.tsx';

/** A text area the width of the form, named with the file's key (a product's or a post's editor). */
export function TextBlock({
  label,
  name,
  hint,
  value,
  rows = 4,
}: {
  label: string;
  name: string;
  hint?: string;
  value?: string;
  rows?: number;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm sm:col-span-2">
      <span className="font-medium">{label}</span>
      <textarea name={name} rows={rows} defaultValue={value} className="rounded-md border border-stone-400 px-3 py-2 text-base" />
      {hint && <span className="text-stone-600">{hint}</span>}
    </label>
  );
}

/**
 * A photo from the phone or the computer (field `photo`): checked by its bytes on the server (JPEG, PNG,
 * WebP, HEIC where it can be read; at most PHOTO_MAX_BYTES), its sizes made once (photos/photo-uploads.ts).
 */
export function PhotoInput({ shownAs }: { shownAs: string }) {
  return (
    <label className="flex flex-col gap-1">
      <span>
        A photo (photo): JPEG, PNG, WebP or HEIC, at most {megabytes(PHOTO_MAX_BYTES)}; shown {shownAs}
      </span>
      <input
        type="file"
        name="photo"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        className="w-full max-w-full text-base"
      />
    </label>
  );
}

/**
 * A product's or a post's editor: its section, the form (multipart: it may carry a photo) with its one-use
 * token, the version it was opened at (an edit; a new one has none), why the last save was refused, the fields, the button.
 * `data-<id>-form` marks it for the tests.
 */
export function EditorForm({
  title,
  id,
  action,
  version,
  problem,
  submit,
  children,
}: {
  title: string;
  id: string;
  action: string;
  version?: number;
  problem?: string;
  submit: string;
  children: ReactNode;
}) {
  return (
    <Section title={title} id={id}>
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="grid gap-3 sm:grid-cols-2"
        {...{ [`data-${id}-form`]: '' }}
      >
        <FormOnce />
        {version !== undefined && <input type="hidden" name="version" value={version} />}
        <div className="sm:col-span-2">
          <Problem text={problem} />
        </div>
        {children}
        <div className="sm:col-span-2">
          <Submit>{submit}</Submit>
        </div>
      </form>
    </Section>
  );
}
