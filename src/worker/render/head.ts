/** What a page tells the document shell about itself; the shell turns it into tags. */
export interface PageHead {
  title: string;
  description?: string;
  /** Path of the canonical URL; omitted for pages that must not be indexed. */
  canonicalPath?: string;
  robots?: string;
  jsonLd?: object[];
  /** Analytics events the client pushes once the page loads (e.g. 404_error). */
  events?: Array<Record<string, unknown> & { event: string }>;
}
