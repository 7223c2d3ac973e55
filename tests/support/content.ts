import { readContentFolder } from '#worker/content-sync/content-folder.ts';

/** The repository's content/ folder as the sync reads it: the posts every test database starts with. */
export const contentPosts = readContentFolder().posts;
