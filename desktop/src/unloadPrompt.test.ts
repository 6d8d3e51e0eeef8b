import { answerPreventedUnload, UNSAVED_PROMPT } from './unloadPrompt';

describe('closing the window while a change is still being saved', () => {
  it('asks in German with waiting as the default and Escape, and leaves only on "Trotzdem schließen"', () => {
    expect(UNSAVED_PROMPT).toMatchObject({
      message: 'Änderungen werden noch gespeichert',
      buttons: ['Warten', 'Trotzdem schließen'],
      defaultId: 0,
      cancelId: 0,
    });
    const stays = { preventDefault: jest.fn() };
    answerPreventedUnload(stays, () => 0);
    expect(stays.preventDefault).not.toHaveBeenCalled();

    const leaves = { preventDefault: jest.fn() };
    const ask = jest.fn(() => 1);
    answerPreventedUnload(leaves, ask);
    expect(ask).toHaveBeenCalledWith(UNSAVED_PROMPT);
    expect(leaves.preventDefault).toHaveBeenCalledTimes(1);
  });
});
