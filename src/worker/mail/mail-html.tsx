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
import { site } from '#shared/site/brand.ts';

/**
 * Every mail's HTML part, in the shop's look, from its text part (the one wording, written once by the
 * feature that sends it): paragraphs as they are, a "Label: https://…" line as a button, other addresses
 * as links, the indented lines of an order's summary as a table. React Email's components (tables and
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

/** "Your order page: https://…" as a button's label and address. */
const BUTTON_LINE = /^([^:]{2,60}): (https?:\/\/\S+)$/;
const URL_IN_TEXT = /(https?:\/\/[^\s)]+)/g;

/** A line's addresses as links, the rest as text. */
function withLinks(line: string): ReactNode[] {
  return line.split(URL_IN_TEXT).map((part, i) =>
    i % 2 === 1 ? (
      <Link key={i} href={part} className="mail-link" style={{ color: BRAND, wordBreak: 'break-all' }}>
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

function Block({ lines }: { lines: string[] }) {
  const button = lines.length === 1 ? BUTTON_LINE.exec(lines[0]!) : null;
  if (button)
    return (
      <Section style={{ margin: '8px 0' }}>
        <Button
          href={button[2]}
          style={{ background: BRAND, color: '#ffffff', borderRadius: 6, padding: '12px 20px', fontWeight: 600, textDecoration: 'none' }}
        >
          {button[1]}
        </Button>
      </Section>
    );
  // An order's summary (lines indented two spaces): one row each, the amount at the right.
  if (lines.every((l) => l.startsWith('  ')))
    return (
      <Section style={{ margin: '8px 0' }}>
        {lines.map((line, i) => {
          const [label, amount] = line.trim().split(/ {2,}/);
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
      {lines.flatMap((line, i) => [...(i > 0 ? [<br key={`br-${i}`} />] : []), ...withLinks(line)])}
    </Text>
  );
}

/** The text's blocks: runs of lines between blank ones; a run of "Label: address" lines, one button each. */
function blocksOf(text: string): string[][] {
  const blocks: string[][] = [];
  for (const run of text.split(/\n{2,}/)) {
    let lines: string[] = [];
    for (const line of run.split('\n')) {
      if (BUTTON_LINE.test(line)) {
        if (lines.length > 0) blocks.push(lines);
        blocks.push([line]);
        lines = [];
      } else lines.push(line);
    }
    if (lines.length > 0) blocks.push(lines);
  }
  return blocks;
}

export function MailLayout({ subject, text }: { subject: string; text: string }) {
  const blocks = blocksOf(text.trim());
  // The shop's name closing the text is the footer's.
  const last = blocks.at(-1);
  if (last?.length === 1 && last[0] === site.brand) blocks.pop();
  return (
    <Html lang="en-GB">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>{subject}</Preview>
      <Body
        className="mail-body"
        style={{ background: '#f5f5f4', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}
      >
        <Container style={{ maxWidth: 600 }}>
          <Section style={{ background: INK, padding: '16px 24px', borderRadius: '8px 8px 0 0' }}>
            <Text style={{ color: '#ffffff', fontSize: 18, fontWeight: 700, margin: 0 }}>{site.brand}</Text>
          </Section>
          <Section className="mail-card" style={{ background: '#ffffff', padding: '8px 24px 16px', borderRadius: '0 0 8px 8px' }}>
            {blocks.map((lines, i) => (
              <Block key={i} lines={lines} />
            ))}
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

/** The HTML part of a mail with this subject and text. */
export async function mailHtml(subject: string, text: string): Promise<string> {
  const stream = await renderToReadableStream(<MailLayout subject={subject} text={text} />);
  await stream.allReady;
  return `<!DOCTYPE html>${(await new Response(stream).text()).replace(/^<!DOCTYPE html>/i, '')}`;
}
