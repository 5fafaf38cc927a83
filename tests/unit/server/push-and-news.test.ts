/** The rules of push endpoints, news summaries and record ids in the address bar. */
import { describe, expect, test } from 'vitest';
import { endpointAllowed } from '../../../server/modules/push/service';
import { summaryOf } from '../../../server/modules/news/service';
import { idSearch } from '../../../src/app/search';

describe('push endpoints: only on the allowed push services', () => {
  const services = ['fcm.googleapis.com', 'push.services.mozilla.com', '127.0.0.1'];
  test.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
    ['http://127.0.0.1:4000/push/x', true],
    ['https://127.0.0.1/push/x', true],
  ])('%s is accepted', (endpoint, allowed) => expect(endpointAllowed(endpoint, services)).toBe(allowed));
  test.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilfcm.googleapis.com.example/x',
    'https://user:secret@fcm.googleapis.com/x',
    'http://localhost/x',
    'https://10.0.0.1/x',
    'not a url',
  ])('%s is refused', (endpoint) => expect(endpointAllowed(endpoint, services)).toBe(false));
  test('plain http only for a loopback host that is listed', () => {
    expect(endpointAllowed('http://127.0.0.1/x', ['fcm.googleapis.com'])).toBe(false);
    expect(endpointAllowed('http://push.example/x', ['push.example'])).toBe(false);
  });
});

describe('news summaries', () => {
  test('one line, whole when short', () => {
    expect(summaryOf('Deposits pause\n\non Sunday.')).toBe('Deposits pause on Sunday.');
  });
  test('cut at a word within 160 characters, with an ellipsis', () => {
    const summary = summaryOf('word '.repeat(100));
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary.endsWith('word…')).toBe(true);
  });
  test("a link to a screen reads as its label, not as its markup", () => {
    expect(summaryOf('Open [Convert](/transfer) to change EUR into USDT.')).toBe('Open Convert to change EUR into USDT.');
  });
  test('a text without spaces is cut where it must be', () => {
    expect(summaryOf('x'.repeat(300))).toBe(`${'x'.repeat(159)}…`);
  });
});

describe('a record id in the address bar', () => {
  test.each([
    [{ id: '42' }, { id: 42 }],
    [{ id: 42 }, { id: 42 }],
    [{ id: '0' }, {}],
    [{ id: '-3' }, {}],
    [{ id: '4.5' }, {}],
    [{ id: 'abc' }, {}],
    [{ id: '9'.repeat(20) }, {}],
    [{}, {}],
  ])('%j → %j', (search, expected) => expect(idSearch(search)).toEqual(expected));
});
