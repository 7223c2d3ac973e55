import { articlePath } from '#shared/editorial/posts.ts';
import type { listPostsForEditing, postForEditing } from '#worker/post-editing/post-edits.ts';
import { postStatus } from '#worker/post-editing/post-edits.ts';
import { cell, Section, Table, when } from '#worker/routes/admin-frame/admin-ui.tsx';
import { ChangeHistory } from '#worker/routes/admin-frame/change-history.tsx';
import { PostForm } from './post-form.tsx';

type Editing = Awaited<ReturnType<typeof postForEditing>>;
type Listed = Awaited<ReturnType<typeof listPostsForEditing>>[number];

const statusWords = (row: Pick<Listed, 'published' | 'publishedAt'>) => {
  const status = postStatus(row);
  return status === 'draft'
    ? 'Draft'
    : status === 'scheduled'
      ? `Scheduled for ${when(row.publishedAt)}`
      : `Published ${when(row.publishedAt)}`;
};

/** /admin/posts: every post, drafts and scheduled ones too, the last written first; and a new one. */
export function PostsPage({ rows }: { rows: readonly Listed[] }) {
  return (
    <>
      <p>
        <a href="/admin/posts/new" className="btn btn-admin-primary">
          Write a post
        </a>
      </p>
      <Section title="Posts" id="posts">
        <Table caption="The Digest's posts, the last written first" head={['Post', 'Where it stands']}>
          {rows.map((r) => (
            <tr key={r.id} data-post={r.id}>
              <td className={cell}>
                <a href={`/admin/posts/${r.id}`} className="underline">
                  {r.title}
                </a>
              </td>
              <td className={cell}>{statusWords(r)}</td>
            </tr>
          ))}
        </Table>
      </Section>
    </>
  );
}

/** A post's page: where it stands, its address (the owner's preview while it is not public), its form and history. */
export function PostPage({
  editing,
  categories,
  problem,
  typed,
}: {
  editing: Editing;
  categories: readonly string[];
  problem?: string;
  typed?: Record<string, string>;
}) {
  const { row, form, history } = editing;
  return (
    <>
      <p>
        {statusWords(row)} ·{' '}
        <a href={articlePath(row.slug)} className="underline">
          {postStatus(row) === 'published' ? 'Its page' : 'Preview it at its address (only you see it)'}
        </a>
        {row.editedBy && ` · last changed here by ${row.editedBy}, ${when(row.editedAt!)}`}
      </p>
      <PostForm
        action={`/admin/posts/${row.id}`}
        values={typed ?? form}
        categories={categories}
        version={row.version}
        problem={problem}
        submit="Save"
      />
      <ChangeHistory
        history={history}
        undoAction={(change) => `/admin/posts/${row.id}/undo/${change}`}
        version={row.version}
        none="No change made here yet: it is as its file says."
      />
    </>
  );
}
