import { describe, expect, it } from 'vitest';
import { nextOpenVideo } from './open-video';

describe('nextOpenVideo', () => {
  it('opens the clicked video when none is open', () => {
    expect(nextOpenVideo(null, 'a')).toBe('a');
  });

  it('closes the open video when its own card is clicked again', () => {
    expect(nextOpenVideo('a', 'a')).toBeNull();
  });

  it('switches to another video, so only one is ever open', () => {
    expect(nextOpenVideo('a', 'b')).toBe('b');
  });

  it('follows a run of clicks', () => {
    const clicks = ['a', 'b', 'b', 'c', 'a', 'a'];
    const states: (string | null)[] = [];
    clicks.reduce<string | null>((open, id) => {
      const next = nextOpenVideo(open, id);
      states.push(next);
      return next;
    }, null);
    expect(states).toEqual(['a', 'b', null, 'c', 'a', null]);
  });
});
