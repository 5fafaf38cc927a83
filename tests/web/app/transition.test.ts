import { describe, expect, it } from 'vitest';
import { transitionBetween } from '../../../src/app/transition';

describe('transitionBetween', () => {
  it('slides forward to a newer history entry and back to an older one', () => {
    expect(transitionBetween({ path: '/mine', index: 3 }, { path: '/mine/profile', index: 4 })).toBe('forward');
    expect(transitionBetween({ path: '/mine/profile', index: 4 }, { path: '/mine', index: 3 })).toBe('back');
  });

  it('only fades between two tabs', () => {
    expect(transitionBetween({ path: '/home', index: 1 }, { path: '/mine', index: 2 })).toBe('fade');
  });

  it('does not move when the path stays (a query change)', () => {
    expect(transitionBetween({ path: '/order', index: 1 }, { path: '/order', index: 2 })).toBe('none');
  });
});
