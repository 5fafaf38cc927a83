/** The records' kept pages: what is answered from memory, what a new revision drops, and the bound on memory. */
import { describe, expect, test } from 'vitest';
import { KeptReply, namesEtag } from '../../../server/http/kept-reply';
import { createKeptPages } from '../../../server/modules/records/kept-pages';

const page = (n: number, size = 100) => new KeptReply({ list: ['x'.repeat(size)], total: n, page: 1, pageSize: 10 });

describe('kept pages', () => {
  test('a page is answered under the revision it was read at, and only under it', () => {
    const kept = createKeptPages();
    const reply = kept.keep('ann', '3@t', 'log:1:10', page(1));
    expect(kept.get('ann', '3@t', 'log:1:10')).toBe(reply);
    expect(kept.get('ann', '4@t', 'log:1:10')).toBeUndefined();
    expect(kept.get('ann', '3@t', 'log:2:10')).toBeUndefined();
    expect(kept.get('ben', '3@t', 'log:1:10')).toBeUndefined();
  });

  test("a page read at a new revision drops every page of the user's older one", () => {
    const kept = createKeptPages();
    kept.keep('ann', '3@t', 'log:1:10', page(1));
    kept.keep('ann', '3@t', 'log:2:10', page(2));
    kept.keep('ann', '4@t', 'log:1:10', page(3));
    expect(kept.get('ann', '3@t', 'log:2:10')).toBeUndefined();
    expect(kept.get('ann', '4@t', 'log:2:10')).toBeUndefined();
    expect(kept.bytes()).toBe(2 * page(3).json.length);
  });

  test('beyond its bytes, the users asked for least recently go first', () => {
    const one = 2 * page(0, 1000).json.length;
    const kept = createKeptPages(3 * one);
    kept.keep('ann', '1@t', 'p', page(0, 1000));
    kept.keep('ben', '1@t', 'p', page(0, 1000));
    kept.keep('cat', '1@t', 'p', page(0, 1000));
    // Ann asked again: Ben is now the one asked for least recently.
    expect(kept.get('ann', '1@t', 'p')).toBeDefined();
    kept.keep('dan', '1@t', 'p', page(0, 1000));
    expect(kept.get('ben', '1@t', 'p')).toBeUndefined();
    expect(['ann', 'cat', 'dan'].map((user) => kept.get(user, '1@t', 'p') !== undefined)).toEqual([true, true, true]);
    expect(kept.bytes()).toBe(3 * one);
  });

  test('the same page kept again replaces the first, counted once', () => {
    const kept = createKeptPages();
    kept.keep('ann', '1@t', 'p', page(1));
    const second = kept.keep('ann', '1@t', 'p', page(2));
    expect(kept.get('ann', '1@t', 'p')).toBe(second);
    expect(kept.bytes()).toBe(2 * second.json.length);
  });
});

describe('If-None-Match', () => {
  test('names an ETag alone, in a list, weak, or as *', () => {
    expect(namesEtag('"a"', '"a"')).toBe(true);
    expect(namesEtag('"b", "a"', '"a"')).toBe(true);
    expect(namesEtag('W/"a"', '"a"')).toBe(true);
    expect(namesEtag('*', '"a"')).toBe(true);
    expect(namesEtag('"ab"', '"a"')).toBe(false);
    expect(namesEtag(undefined, '"a"')).toBe(false);
  });
});
