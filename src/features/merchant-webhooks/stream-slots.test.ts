import { describe, expect, it } from 'vitest';

import { EventStreamSlots, type StreamSlot } from './stream-slots.ts';

function released(slot: StreamSlot): () => void {
  if ('refused' in slot) throw new Error(`refused: ${slot.refused}`);
  return slot.release;
}

describe('event stream slots', () => {
  it('refuses a key past its cap, with a plain reason, while other keys still get slots', () => {
    const slots = new EventStreamSlots({ perKey: 2, perProcess: 10 });
    released(slots.take('key_a'));
    released(slots.take('key_a'));
    const third = slots.take('key_a');
    expect(third).toEqual({ refused: expect.stringMatching(/already has 2 event streams open/) });
    released(slots.take('key_b'));
    expect(slots.open).toBe(3);
  });

  it('refuses every key past the process cap', () => {
    const slots = new EventStreamSlots({ perKey: 5, perProcess: 3 });
    released(slots.take('key_a'));
    released(slots.take('key_b'));
    released(slots.take('key_c'));
    expect(slots.take('key_d')).toEqual({
      refused: expect.stringMatching(/serving 3 event streams, the most it takes/),
    });
  });

  it('a released slot can be taken again; releasing twice frees one slot only', () => {
    const slots = new EventStreamSlots({ perKey: 1, perProcess: 2 });
    const release = released(slots.take('key_a'));
    release();
    release();
    expect(slots.open).toBe(0);
    released(slots.take('key_a'));
    expect('refused' in slots.take('key_a')).toBe(true);
    released(slots.take('key_b'));
    expect('refused' in slots.take('key_c')).toBe(true);
  });
});
