/** Pushes to the analytics data layer (GTM reads window.dataLayer). */
export type DataLayerEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer: unknown[];
  }
}

export function push(event: DataLayerEvent): void {
  window.dataLayer = window.dataLayer || [];
  window.dataLayer.push(event);
}

export function pushPageView(): void {
  push({
    event: 'page_view',
    page_path: location.pathname,
    page_title: document.title,
    page_location: location.href,
  });
}

/** Events the server declared for this page (e.g. 404_error) in <script id="page-events">. */
export function pushPageEvents(): void {
  const data = document.getElementById('page-events')?.textContent;
  if (!data) return;
  for (const event of JSON.parse(data) as DataLayerEvent[]) push(event);
}
