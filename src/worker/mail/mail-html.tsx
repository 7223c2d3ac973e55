import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { site } from '#shared/site/brand.ts';
import type { LinkPolicy } from './mail-links.ts';
import type { MailMessage } from './mailer.ts';
import { plainText, quotedLines, type Segment } from './quoted-text.ts';

/**
 * Every mail's HTML part, in the shop's look, from its text part (the one wording, written once by the
 * feature that sends it): paragraphs as they are; the shop's "Label: https://…" lines as its actions
 * (the first a button, the others links, unsubscribing small); other addresses as links, only where
 * the shop wrote them and only to addresses it trusts (mail-links.ts); what a person wrote (quoted,
 * quoted-text.ts) as text alone; the indented lines of an order's summary as a table. React Email's components (tables and
 * inline styles that mail clients keep), rendered by React itself (not @react-email/render, which
 * brings Prettier into the Worker). No remote image; readable in dark mode.
 */
const INK = '#1c1917';
const MUTED = '#57534e';
const BRAND = '#b91c1c';

const DARK_MODE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  body, .mail-body { background: #0c0a09 !important; color: #f5f5f4 !important; }
  .mail-card { background: #1c1917 !important; }
  .mail-text, .mail-row { color: #f5f5f4 !important; }
  .mail-muted { color: #d6d3d1 !important; }
  .mail-link { color: #fca5a5 !important; }
}`;

/** "Your order page: https://…": an action's label and address. */
const ACTION_LINE = /^([^:]{2,60}): (https?:\/\/\S+)$/;
const URL_IN_TEXT = /(https?:\/\/[^\s)]+)/g;
/** The shop's phone number, wherever its words give it: a tap dials it. */
const PHONE = new RegExp(`(${shopInfo.phone.replace(/[+]/g, '\\+')})`);
const TEL = `tel:${shopInfo.phone.replace(/[^+\d]/g, '')}`;

/** A link inside a sentence: underlined as well as coloured, so it is told from its words by more than colour (WCAG 1.4.1; axe link-in-text-block). */
const linkStyle = { color: BRAND, wordBreak: 'break-all', textDecoration: 'underline' } as const;

/** What a mail's blocks are rendered with: which addresses may be links, and the mail's unsubscribe address. */
interface Rendering {
  trusted: LinkPolicy;
  unsubscribe: string | null;
}

/** The shop's words as text, its trusted addresses as links and its phone number as one to dial. */
function shopWords(text: string, key: string, { trusted }: Rendering): ReactNode[] {
  return text.split(URL_IN_TEXT).flatMap((part, i) => {
    if (i % 2 === 1)
      return trusted(part)
        ? [
            <Link key={`${key}-${i}`} href={part} className="mail-link" style={linkStyle}>
              {part}
            </Link>,
          ]
        : [part];
    return part.split(PHONE).map((piece, j) =>
      j % 2 === 1 ? (
        <Link key={`${key}-${i}-${j}`} href={TEL} className="mail-link" style={linkStyle}>
          {piece}
        </Link>
      ) : (
        piece
      ),
    );
  });
}

/** A line: the shop's words with their links, a person's words (quoted) as text only. */
const lineNodes = (line: Segment[], key: string, rendering: Rendering): ReactNode[] =>
  line.flatMap((segment, i) => (segment.quoted ? [segment.text] : shopWords(segment.text, `${key}-${i}`, rendering)));

const lineText = (line: Segment[]) => line.map((s) => s.text).join('');

/** The shop's "Label: address" line to a trusted address: one of the mail's actions. */
function actionOf(line: Segment[], trusted: LinkPolicy): { label: string; href: string } | null {
  if (line.some((s) => s.quoted)) return null;
  const match = ACTION_LINE.exec(lineText(line));
  return match && trusted(match[2]!) === 'page' ? { label: match[1]!, href: match[2]! } : null;
}

type Block = { kind: 'action'; label: string; href: string } | { kind: 'lines'; lines: Segment[][] };

function ActionBlock({ block, main, rendering }: { block: Extract<Block, { kind: 'action' }>; main: boolean; rendering: Rendering }) {
  // Leaving a list is said plainly, small: never as loud as what the mail is for.
  if (block.href === rendering.unsubscribe)
    return (
      <Text className="mail-muted" style={{ color: MUTED, fontSize: 12, lineHeight: '18px', margin: '12px 0' }}>
        <Link href={block.href} className="mail-link" style={{ ...linkStyle, color: MUTED, textDecoration: 'underline' }}>
          {block.label}
        </Link>
      </Text>
    );
  // One main action a mail: the first; the others are links.
  if (main)
    return (
      <Section style={{ margin: '8px 0' }}>
        <Button
          href={block.href}
          style={{ background: BRAND, color: '#ffffff', borderRadius: 6, padding: '12px 20px', fontWeight: 600, textDecoration: 'none' }}
        >
          {block.label}
        </Button>
      </Section>
    );
  return (
    <Text className="mail-text" style={{ color: INK, fontSize: 15, lineHeight: '24px', margin: '8px 0' }}>
      <Link href={block.href} className="mail-link" style={{ ...linkStyle, fontWeight: 600 }}>
        {block.label}
      </Link>
    </Text>
  );
}

function LinesBlock({ lines, rendering }: { lines: Segment[][]; rendering: Rendering }) {
  // An order's summary (lines indented two spaces): one row each, the amount at the right, as text.
  if (lines.every((l) => lineText(l).startsWith('  ')))
    return (
      <Section style={{ margin: '8px 0' }}>
        {lines.map((line, i) => {
          const [label, amount] = lineText(line).trim().split(/ {2,}/);
          return (
            <table key={i} role="presentation" width="100%" className="mail-row" style={{ color: INK, fontSize: 14, lineHeight: '22px' }}>
              <tbody>
                <tr>
                  <td>{label}</td>
                  <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{amount ?? ''}</td>
                </tr>
              </tbody>
            </table>
          );
        })}
      </Section>
    );
  return (
    <Text className="mail-text" style={{ color: INK, fontSize: 15, lineHeight: '24px', margin: '12px 0' }}>
      {lines.flatMap((line, i) => [...(i > 0 ? [<br key={`br-${i}`} />] : []), ...lineNodes(line, String(i), rendering)])}
    </Text>
  );
}

/** The text's blocks: runs of lines between blank ones; each of the shop's actions a block of its own. */
function blocksOf(text: string, trusted: LinkPolicy): Block[] {
  const blocks: Block[] = [];
  let lines: Segment[][] = [];
  const flush = () => {
    if (lines.length > 0) blocks.push({ kind: 'lines', lines });
    lines = [];
  };
  for (const line of quotedLines(text)) {
    const action = actionOf(line, trusted);
    if (action) {
      flush();
      blocks.push({ kind: 'action', ...action });
    } else if (lineText(line).trim() === '') flush();
    else lines.push(line);
  }
  flush();
  return blocks;
}

/** The address of List-Unsubscribe (RFC 2369: `<https://…>`), if the mail has one. */
const unsubscribeOf = (headers: Record<string, string> | undefined) =>
  /<(https?:[^>]+)>/.exec(headers?.['List-Unsubscribe'] ?? '')?.[1] ?? null;

export function MailLayout({ message, trusted }: { message: MailContent; trusted: LinkPolicy }) {
  const rendering: Rendering = { trusted, unsubscribe: unsubscribeOf(message.headers) };
  const blocks = blocksOf(message.text.trim(), trusted);
  // The shop's name closing the text is the footer's.
  const last = blocks.at(-1);
  if (last?.kind === 'lines' && last.lines.length === 1 && lineText(last.lines[0]!) === site.brand) blocks.pop();
  const main = blocks.find((b) => b.kind === 'action' && b.href !== rendering.unsubscribe);
  return (
    <Html lang="en-GB">
      <Head>
        <title>{plainText(message.subject)}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>{plainText(message.subject)}</Preview>
      <Body
        className="mail-body"
        style={{ background: '#f5f5f4', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}
      >
        <Container style={{ maxWidth: 600 }}>
          <Section style={{ background: INK, padding: '16px 24px', borderRadius: '8px 8px 0 0' }}>
            <Text style={{ color: '#ffffff', fontSize: 18, fontWeight: 700, margin: 0 }}>{site.brand}</Text>
          </Section>
          <Section className="mail-card" style={{ background: '#ffffff', padding: '8px 24px 16px', borderRadius: '0 0 8px 8px' }}>
            {blocks.map((block, i) =>
              block.kind === 'action' ? (
                <ActionBlock key={i} block={block} main={block === main} rendering={rendering} />
              ) : (
                <LinesBlock key={i} lines={block.lines} rendering={rendering} />
              ),
            )}
            <Hr style={{ borderColor: '#e7e5e4', margin: '16px 0' }} />
            <Text className="mail-muted" style={{ color: MUTED, fontSize: 12, lineHeight: '18px', margin: 0 }}>
              {site.brand}: {site.tagline}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** What the HTML part is made from: the mail's subject, text part (quotes marked) and headers. */
export type MailContent = Pick<MailMessage, 'subject' | 'text' | 'headers'>;

/** The HTML part of a mail. */
export async function mailHtml(message: MailContent, trusted: LinkPolicy): Promise<string> {
  const stream = await renderToReadableStream(<MailLayout message={message} trusted={trusted} />);
  await stream.allReady;
  return `<!DOCTYPE html>${(await new Response(stream).text()).replace(/^<!DOCTYPE html>/i, '')}`;
}
