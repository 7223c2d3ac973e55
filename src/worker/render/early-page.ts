import type { ReactNode } from 'react';
import type { PageHead } from './head.ts';

/** What a page streamed early renders once its data is back, or its own answer (a 404 page) when the address was not a page after all. */
export type LaterPage = { content: ReactNode; head: PageHead } | Response;

/**
 * Answers a kept page before its data is read (docs/decisions/036): 200, its CSP hashes and its tags
 * at once, and the document's first bytes (frame/document.tsx: DocumentStart); the rest follows
 * when `later` gives it. The copy kept is the bytes sent; one that went wrong is not kept.
 */
export type RenderEarly = (tags: readonly string[], later: () => Promise<LaterPage>) => Promise<Response>;

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the renderer (frame/renderer.tsx). */
    renderEarly: RenderEarly;
  }
}
