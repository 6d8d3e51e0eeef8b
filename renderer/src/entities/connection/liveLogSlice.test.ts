import { LIVE_LOG_LIMIT, liveLogReducer, logAdded } from './liveLogSlice';

describe('live log', () => {
  it('timestamps each line and keeps only the newest lines', () => {
    let state = liveLogReducer(undefined, { type: 'init' });
    for (let i = 1; i <= LIVE_LOG_LIMIT + 5; i += 1) state = liveLogReducer(state, logAdded(`Zeile ${i}`));

    expect(state.lines).toHaveLength(LIVE_LOG_LIMIT);
    expect(state.lines[0]?.text).toBe('Zeile 6');
    expect(state.lines.at(-1)?.text).toBe(`Zeile ${LIVE_LOG_LIMIT + 5}`);
    expect(Number.isNaN(Date.parse(state.lines[0]!.at))).toBe(false);
  });
});
