import { createServer, type Server } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback';

export interface ServiceAnswer {
  status: number;
  body: Record<string, unknown>;
  /** Hold the answer this long (to watch the selector's spinner). */
  delayMs?: number;
}

/** Answers that name no country: detection falls through them to the browser language. */
export const noCountry = (): ServiceAnswer => ({ status: 200, body: {} });

/**
 * The two browser-side region services on 127.0.0.1, answering the way the real ones do (JSON,
 * CORS open to any origin): BigDataCloud's reverse-geocode-client (reads countryCode) and
 * ipapi.co's /json/ (reads country_code). `answers` decides the next replies (no country until
 * a test says otherwise); `requests` records the path and query of every call.
 */
export async function startGeoEmulator() {
  const answers: { reverse: ServiceAnswer; ip: ServiceAnswer } = { reverse: noCountry(), ip: noCountry() };
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const answer = url.pathname === '/data/reverse-geocode-client' ? answers.reverse : url.pathname === '/json/' ? answers.ip : undefined;
    const send = () => {
      res.writeHead(answer?.status ?? 404, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify(answer?.body ?? { error: 'not found' }));
    };
    if (answer?.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  const url = await listenOnLoopback(server);
  return {
    reverseGeocodeUrl: `${url}/data/reverse-geocode-client`,
    ipLookupUrl: `${url}/json/`,
    answers,
    requests,
    calls: (path: string) => requests.filter((r) => r.pathname === path),
    close: () => closeServer(server),
  };
}

export type GeoEmulator = Awaited<ReturnType<typeof startGeoEmulator>>;
