/** The USSD simulator page, rendered as the server-side renderer does, in each language. */
import { describe, expect, it } from 'vitest';
import { render } from '@/entry-server';

/** The page's visible text, tags dropped, then its accessible names. */
const textOf = async (pathname: string) => {
  const { html } = await render(pathname);
  const labels = [...html.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1]);
  return [html.replace(/<[^>]+>/g, ' '), ...labels].join(' ').replace(/\s+/g, ' ');
};

describe('the USSD simulator page', () => {
  it('is in Kiswahili under /sw, the phone and its how-to too', async () => {
    const text = await textOf('/sw/ussd-simulator');
    for (const words of ['Jaribu USSD', 'Nambari ya simu', 'Piga *384*40#', 'Ghairi', 'Tuma', 'Jinsi ya kuitumia', 'kisha bonyeza Tuma'])
      expect(text).toContain(words);
    for (const words of ['Skrini ya simu', 'Vitufe', 'Kitufe 5']) expect(text).toContain(words);
    for (const english of ['USSD Simulator', 'Phone number', 'Dial *384*40#', 'Cancel', 'Send', 'How to use it', 'Reply with', 'Keypad'])
      expect(text).not.toContain(english);
  });

  it('is in English at its English path, with its codes in place', async () => {
    const text = await textOf('/ussd-simulator');
    for (const words of [
      'USSD Simulator',
      'Phone number',
      'Dial *384*40#',
      'How to use it',
      'Reply with a menu number, then Send . 0 goes back',
    ])
      expect(text).toContain(words);
  });
});
