import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';

export type BodyType = 'form' | 'json';

const TYPES: Record<BodyType, RegExp> = {
  form: /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i,
  json: /^application\/json\b/i,
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text fields only: a file in a form, or a number or object in JSON, is not a field any form of the shop has. */
function textFields(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Parses, turning whatever the parser throws (broken JSON, multipart without its boundary) into a 400. */
async function parse(read: () => Promise<unknown>): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await read();
  } catch {
    throw new HTTPException(400, { message: 'request body could not be read' });
  }
  if (!isRecord(body)) throw new HTTPException(400, { message: 'request body is not an object' });
  return body;
}

/**
 * The one way a route reads what was posted: the text fields of a form (urlencoded or multipart) or
 * of a JSON object, by its Content-Type. A post with no body type has no fields. A type the route
 * does not take is a 415, a body that does not parse a 400 (HTTPExceptions, answered by app.onError).
 */
export async function readFields(c: Context, accepts: readonly BodyType[] = ['form', 'json']): Promise<Record<string, string>> {
  const type = c.req.header('content-type');
  if (type === undefined) return {};
  if (accepts.includes('form') && TYPES.form.test(type)) return textFields(await parse(() => c.req.parseBody()));
  if (accepts.includes('json') && TYPES.json.test(type)) return textFields(await parse(() => c.req.json()));
  throw new HTTPException(415, { message: `unsupported body type ${type.split(';')[0]}` });
}

/** The file posted in a multipart form's field (after readFields: the body is parsed once), or undefined when none was chosen. */
export async function readFile(c: Context, name: string): Promise<File | undefined> {
  if (!TYPES.form.test(c.req.header('content-type') ?? '')) return undefined;
  const value = (await parse(() => c.req.parseBody()))[name];
  return value instanceof File && value.size > 0 ? value : undefined;
}
