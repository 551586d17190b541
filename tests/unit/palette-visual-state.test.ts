// The palette's open/close states when kbar's animation timers end late: a
// command chosen while the palette was still opening must close it for good
// (a browser test failed when the opening's timer brought it back, with the
// old query, and the focus left the page-size choice the command focused).
import { describe, expect, it } from 'vitest';
import { guardVisualState, settledVisualState } from '../../src/commands/palette.js';

type VisualState = Parameters<typeof settledVisualState>[0];

/** kbar's query as its store builds it: setVisualState and toggle update one
 * state, a function receiving the current one. */
function kbarQuery(start: VisualState = 'hidden') {
  let state = start;
  const query = {
    setVisualState(cb: VisualState | ((vs: VisualState) => VisualState)) {
      state = typeof cb === 'function' ? cb(state) : cb;
    },
    toggle() {
      state = state === 'animating-out' || state === 'hidden' ? 'animating-in' : 'animating-out';
    },
    get state() {
      return state;
    },
  };
  return query;
}

/** kbar's animation timer: the end state of the animation it was started for. */
const animationEnd = (startedFor: VisualState) => () => (startedFor === 'animating-in' ? 'showing' : 'hidden');

describe('guardVisualState', () => {
  it('keeps a palette closed that was chosen from before it had finished opening', () => {
    const query = kbarQuery();
    guardVisualState(query);
    query.toggle(); // Ctrl+K
    expect(query.state).toBe('animating-in');
    query.toggle(); // Enter on a command, before the opening's timer ran
    expect(query.state).toBe('animating-out');
    query.setVisualState(animationEnd('animating-in')); // the opening's timer, late
    expect(query.state).toBe('animating-out');
    query.setVisualState(animationEnd('animating-out')); // the closing's own timer
    expect(query.state).toBe('hidden');
  });

  it('keeps a palette opening that was reopened before it had finished closing', () => {
    const query = kbarQuery('showing');
    guardVisualState(query);
    query.toggle();
    query.toggle();
    expect(query.state).toBe('animating-in');
    query.setVisualState(animationEnd('animating-out'));
    expect(query.state).toBe('animating-in');
    query.setVisualState(animationEnd('animating-in'));
    expect(query.state).toBe('showing');
  });

  it('lets every animation end in its own state, and a click outside close the palette', () => {
    const query = kbarQuery();
    guardVisualState(query);
    guardVisualState(query); // once per query, however often the palette renders
    query.toggle();
    query.setVisualState(animationEnd('animating-in'));
    expect(query.state).toBe('showing');
    query.setVisualState('animating-out'); // kbar's outer click
    expect(query.state).toBe('animating-out');
    query.setVisualState(animationEnd('animating-out'));
    expect(query.state).toBe('hidden');
  });

  it('without the guard, the late opening timer brings the closed palette back (what kbar does)', () => {
    const query = kbarQuery();
    query.toggle();
    query.toggle();
    query.setVisualState(animationEnd('animating-in'));
    expect(query.state).toBe('showing');
  });
});

describe('settledVisualState', () => {
  it('drops an end that does not match the animation under way, and nothing else', () => {
    expect(settledVisualState('animating-out', 'showing')).toBe('animating-out');
    expect(settledVisualState('animating-in', 'hidden')).toBe('animating-in');
    expect(settledVisualState('animating-in', 'showing')).toBe('showing');
    expect(settledVisualState('animating-out', 'hidden')).toBe('hidden');
    expect(settledVisualState('showing', 'animating-out')).toBe('animating-out');
    expect(settledVisualState('hidden', 'animating-in')).toBe('animating-in');
  });
});
