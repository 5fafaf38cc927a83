import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IntroScreen } from '../../../src/features/content/pages';
import { clearSession } from '../../../src/storage/store';
import { renderScreen } from '../app/render';
import { ok, useTestApi } from '../support/api-server';

const api = useTestApi();

beforeEach(async () => {
  await clearSession();
  api.respond((sent) =>
    sent.url.pathname === '/api/news/detail'
      ? ok({
          id: 22,
          categoryId: 1,
          locale: 'en',
          fallback: false,
          title: 'Platform introduction',
          summary: '',
          publishedAt: '2026-01-01T00:00:00.000Z',
          body: 'The tabs are [Home](/home) and [Me](/mine).\n\nWhat is [Convert](/transfer)?\nChange EUR into USDT in [Convert](/transfer), then buy in the [Trading hall](/market?side=buy).\n\nA [broken link](javascript:alert(1)) stays text.',
        })
      : ok(null),
  );
});
afterEach(cleanup);

describe('a content page', () => {
  it('shows each [title](/path) as a link to that screen, in the text and under a question, and nothing else as a link', async () => {
    await renderScreen(IntroScreen, '/mine/platform-intro');
    const home = await screen.findByRole('link', { name: 'Home' });
    expect(home.getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'Me' }).getAttribute('href')).toBe('/mine');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('What is Convert?');
    expect(screen.getAllByRole('link', { name: 'Convert' }).map((link) => link.getAttribute('href'))).toEqual(['/transfer', '/transfer']);
    expect(screen.getByRole('link', { name: 'Trading hall' }).getAttribute('href')).toBe('/market?side=buy');
    expect(screen.queryByRole('link', { name: 'broken link' })).toBeNull();
    expect(screen.getByText(/\[broken link\]\(javascript:alert\(1\)\) stays text\./)).toBeTruthy();
    expect(screen.queryByText(/\]\(\/transfer\)/)).toBeNull();
  });
});
