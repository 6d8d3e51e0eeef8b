import { de } from '../messages';
import { signoffSchema } from '../schemas/projects';
import { reportProject } from '../test/reportFixture';
import { addSignoff, isCardSigned, openCoverage, revokeSignoff, signaturePath, signedByText } from './signoffs';

describe('customer sign-off on the client', () => {
  it('covers the open entries of the card, then none of them again', () => {
    const document = reportProject();
    const card = document.columns.flatMap((column) => column.cards).find((item) => item.timeEntries.length > 0)!;
    const open = openCoverage(document, card.id);
    expect(open.timeEntries.map(({ entry }) => entry.id)).toEqual(card.timeEntries.map((entry) => entry.id));
    const log = addSignoff(
      document,
      {
        cardId: card.id,
        signerName: ' Erika Kundin ',
        signature: 'M1 1 L2 2',
        signedAt: new Date('2026-11-23T15:04:00Z'),
      },
      '0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a11',
    );
    expect(log).toBe(de.projects.log.signoffAdded('Erika Kundin', de.projects.entity.card(card.title)));
    expect(document.signoffs[0]).toMatchObject({ signerName: 'Erika Kundin', cardId: card.id });
    expect(openCoverage(document, card.id)).toEqual({ timeEntries: [], materialEntries: [] });
    // The project's sign-off covers the other cards' entries still open.
    const rest = openCoverage(document, null);
    expect(rest.timeEntries.every(({ card: other }) => other.id !== card.id)).toBe(true);
  });

  it('revokes a sign-off: its entries are open again, the log names signer and card', () => {
    const document = reportProject();
    const card = document.columns.flatMap((column) => column.cards).find((item) => item.timeEntries.length > 0)!;
    const input = { cardId: card.id, signerName: 'Erika Kundin', signature: 'M1 1 L2 2', signedAt: new Date() };
    addSignoff(document, input, '0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a31');
    addSignoff(document, { ...input, cardId: null }, '0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a32');
    expect(revokeSignoff(document, '0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a39')).toBeNull();
    expect(revokeSignoff(document, '0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a31')).toBe(
      de.projects.log.signoffRevoked('Erika Kundin', de.projects.entity.card(card.title)),
    );
    expect(document.signoffs.map((signoff) => signoff.id)).toEqual(['0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a32']);
    expect(isCardSigned(document, card)).toBe(false);
    expect(openCoverage(document, card.id).timeEntries).toHaveLength(card.timeEntries.length);
  });

  it('knows a card as signed when it has its own sign-off or holds an entry the project’s seals', () => {
    const document = reportProject();
    const cards = document.columns.flatMap((column) => column.cards);
    const [first, second] = cards.filter((item) => item.timeEntries.length > 0);
    const empty = cards.find((item) => item.timeEntries.length === 0 && item.materialEntries.length === 0)!;
    expect(cards.some((item) => isCardSigned(document, item))).toBe(false);
    const input = { signerName: 'Erika Kundin', signature: 'M1 1 L2 2', signedAt: new Date() };
    addSignoff(document, { ...input, cardId: empty.id }, '0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a21');
    expect(isCardSigned(document, empty)).toBe(true);
    expect(isCardSigned(document, first!)).toBe(false);
    addSignoff(document, { ...input, cardId: null }, '0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a22');
    expect([isCardSigned(document, first!), isCardSigned(document, second!)]).toEqual([true, true]);
  });

  it('adds nothing without a name or a signature', () => {
    const document = reportProject();
    const input = { cardId: null, signerName: '  ', signature: 'M1 1 L2 2', signedAt: new Date() };
    expect(addSignoff(document, input, '0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a12')).toBeNull();
    expect(
      addSignoff(document, { ...input, signerName: 'A', signature: '' }, '0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a13'),
    ).toBeNull();
    expect(document.signoffs).toEqual([]);
  });

  it('turns strokes on a pad into path data the schema accepts, scaled and clamped into the box', () => {
    const path = signaturePath(
      [
        [
          { x: 0, y: 0 },
          { x: 150, y: 50 },
          { x: 400, y: 120 },
        ],
        [{ x: 10, y: 10 }],
      ],
      300,
      100,
    );
    expect(path).toBe('M0 0 L300 100 L600 200 M20 20 L22 20');
    const signoff = {
      ...{
        id: '0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a14',
        cardId: null,
        signerName: 'A',
        signedAt: '2026-11-23T15:04:00Z',
      },
      signature: path,
    };
    expect(signoffSchema.safeParse(signoff).success).toBe(true);
    // A point without coordinates is left out rather than written as 'NaN'.
    expect(
      signaturePath(
        [
          [
            { x: Number.NaN, y: 5 },
            { x: 30, y: 10 },
          ],
        ],
        600,
        200,
      ),
    ).toBe('M30 10 L31 10');
  });

  it('names signer and German time', () => {
    expect(signedByText({ signerName: 'Erika Kundin', signedAt: '2026-11-23T15:04:00.000Z' })).toBe(
      'Abgenommen von Erika Kundin am 23.11.2026, 16:04',
    );
  });
});
