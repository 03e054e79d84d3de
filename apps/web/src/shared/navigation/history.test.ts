import { describe, expect, it } from 'vitest';
import { backTarget, isTabPath, recordVisit, stripBacks, withBacks } from './history.ts';

describe('back-history (docs/spec.md §2)', () => {
  it('opening /home, /explore, /bag or /filter resets the history', () => {
    for (const tab of ['/home', '/explore', '/bag', '/filter']) {
      expect(isTabPath(tab)).toBe(true);
      expect(recordVisit(['/search', '/detail/1'], tab, 'push')).toEqual([tab]);
    }
    expect(isTabPath('/order')).toBe(false);
  });

  it('pushes other routes, once', () => {
    expect(recordVisit(['/home'], '/search', 'push')).toEqual(['/home', '/search']);
    expect(recordVisit(['/home', '/search'], '/search', 'push')).toEqual(['/home', '/search']);
  });

  it('replaces the last entry on a redirect', () => {
    expect(recordVisit(['/home', '/order'], '/login', 'replace')).toEqual(['/home', '/login']);
  });

  it("treats the browser's back button as a pop when it lands on the previous entry", () => {
    expect(recordVisit(['/home', '/search', '/detail/1'], '/search', 'pop')).toEqual(['/home', '/search']);
    expect(recordVisit(['/home', '/search'], '/detail/1', 'pop')).toEqual(['/home', '/search', '/detail/1']);
  });

  it('the back button pops and appends backs=1 to the previous path', () => {
    const history = ['/home', '/search?keyword=tea', '/detail/1'];
    const to = backTarget(history);
    expect(to).toBe('/search?keyword=tea&backs=1');
    expect(recordVisit(history, to, 'back')).toEqual(['/home', '/search?keyword=tea']);
  });

  it('an explicit back address wins', () => {
    expect(backTarget(['/home', '/detail/1'], '/shop/2')).toBe('/shop/2');
    expect(recordVisit(['/home', '/detail/1'], '/shop/2', 'back')).toEqual(['/home']);
    expect(recordVisit(['/detail/1'], '/shop/2', 'back')).toEqual(['/shop/2']);
  });

  it('with no previous page the back button goes home', () => {
    expect(backTarget(['/detail/1'])).toBe('/home?backs=1');
    expect(recordVisit(['/detail/1'], '/home?backs=1', 'back')).toEqual(['/home']);
  });

  it('a returned-to page (backs=1) is the same history entry', () => {
    expect(stripBacks('/search?keyword=tea&backs=1')).toBe('/search?keyword=tea');
    expect(withBacks('/filter')).toBe('/filter?backs=1');
    expect(recordVisit(['/filter'], '/filter?backs=1', 'back')).toEqual(['/filter']);
    expect(recordVisit(['/home', '/language', '/search'], '/language?backs=1', 'back')).toEqual(['/home', '/language']);
    // A repeated record of the same arrival changes nothing.
    expect(recordVisit(['/home', '/language'], '/language?backs=1', 'back')).toEqual(['/home', '/language']);
  });
});
