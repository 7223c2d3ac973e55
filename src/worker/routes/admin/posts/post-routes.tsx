import { Hono } from 'hono';
import { asc } from 'drizzle-orm';
import { readFields, readFile } from '#worker/http/read-fields.ts';
import { checkedPhoto } from '#worker/photos/photo-uploads.ts';
import {
  addPost,
  editPost,
  listPostsForEditing,
  postForEditing,
  undoPostChange,
  type PostEditDeps,
} from '#worker/post-editing/post-edits.ts';
import { postCategories } from '#worker/posts/post-tables.ts';
import { adminPage, idParam, refused, runAdminForm, type AdminContext } from '#worker/routes/admin-frame/admin-context.tsx';
import type { AdminEnv } from '#worker/routes/admin-frame/admin-guard.tsx';
import { PostForm } from './post-form.tsx';
import { PostPage, PostsPage } from './post-pages.tsx';

const editDeps = (c: AdminContext): PostEditDeps => ({
  db: c.get('deps').db,
  changes: c.get('deps').changes,
  contentChanged: () => c.get('deps').readCache.contentChanged(),
  photos: c.get('deps').photos,
});

/** The digest's categories (a few rows), for the form's choice. */
const categoriesOf = async (c: AdminContext) =>
  (await c.get('deps').db.select({ name: postCategories.name }).from(postCategories).orderBy(asc(postCategories.name)).limit(100)).map(
    (r) => r.name,
  );

/** The featured photo the form carried, checked by its bytes; none chosen: undefined. */
async function photoOf(c: AdminContext) {
  const file = await readFile(c, 'photo');
  return file && checkedPhoto(file, 'photo', 'wide');
}

async function postPage(c: AdminContext, id: number, problem?: string, typed?: Record<string, string>, status = 200) {
  try {
    const [editing, categories] = await Promise.all([postForEditing(c.get('deps').db, id), categoriesOf(c)]);
    return adminPage(c, editing.row.title, <PostPage editing={editing} categories={categories} problem={problem} typed={typed} />, status);
  } catch (err) {
    const { text, status: refusedStatus } = refused(err);
    return adminPage(c, 'No such post', <p>{text}</p>, refusedStatus);
  }
}

/** The Digest's posts in the back office (issue 79): drafts, scheduled and published, each change kept. */
export const postRoutes = new Hono<AdminEnv>()
  .get('/admin/posts', async (c) => adminPage(c, 'Posts', <PostsPage rows={await listPostsForEditing(c.get('deps').db)} />))
  .get('/admin/posts/new', async (c) =>
    adminPage(
      c,
      'Write a post',
      <PostForm action="/admin/posts/new" values={{}} categories={await categoriesOf(c)} submit="Save the post" />,
    ),
  )
  .post('/admin/posts/new', async (c) => {
    const fields = await readFields(c);
    return runAdminForm(
      c,
      fields,
      '/admin/posts',
      async () => {
        const { id } = await addPost(editDeps(c), fields, c.get('admin'), await photoOf(c));
        return {
          text: fields.published === 'true' ? 'Saved and published.' : 'Saved as a draft: only you see it.',
          to: `/admin/posts/${id}`,
        };
      },
      async ({ text, status }) =>
        adminPage(
          c,
          'Write a post',
          <PostForm action="/admin/posts/new" values={fields} categories={await categoriesOf(c)} problem={text} submit="Save the post" />,
          status,
        ),
    );
  })
  .get('/admin/posts/:id', (c) => postPage(c, idParam(c)))
  .post('/admin/posts/:id', async (c) => {
    const [fields, id] = [await readFields(c), idParam(c)];
    return runAdminForm(
      c,
      fields,
      `/admin/posts/${id}`,
      async () => {
        const { changed } = await editPost(editDeps(c), id, fields, Number(fields.version) || 0, c.get('admin'), await photoOf(c));
        return { text: changed.length > 0 ? `Saved: ${changed.join(', ')}.` : 'Nothing had changed.' };
      },
      ({ text, status }) => postPage(c, id, text, fields, status),
    );
  })
  .post('/admin/posts/:id/undo/:change', async (c) => {
    const [fields, id] = [await readFields(c), idParam(c)];
    return runAdminForm(
      c,
      fields,
      `/admin/posts/${id}`,
      async () => {
        await undoPostChange(editDeps(c), id, idParam(c, 'change'), Number(fields.version) || 0, c.get('admin'));
        return { text: 'The change is undone (the history keeps both).' };
      },
      ({ text, status }) => postPage(c, id, text, undefined, status),
    );
  });
