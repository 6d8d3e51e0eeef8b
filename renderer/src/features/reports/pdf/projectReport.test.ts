/**
 * @jest-environment node
 */
// pdfkit's Node build under Node: the same layout code as the browser's lazy chunk, read back
// with poppler's pdftotext.
import { inflateSync } from 'node:zlib';
import { de, defaultProjectReportOptions } from '@werkboard/common';
import type { ProjectReportInput } from './projectReport';
import { buildProjectReportPdf } from './projectReport';
import { names, pdfText, PROJECT_ID, reportTestProject, testFonts } from '../testReports';

const fonts = testFonts();
const ADDRESS = `https://werkboard.example/#/project/${PROJECT_ID}`;

function input(overrides: Partial<ProjectReportInput> = {}): ProjectReportInput {
  const project = overrides.project ?? reportTestProject(8);
  return {
    project,
    names,
    options: defaultProjectReportOptions(project),
    photos: [],
    version: '1.2.3',
    projectAddress: ADDRESS,
    createdAt: new Date('2026-03-04T10:00:00Z'),
    ...overrides,
  };
}

const STREAM = '\nstream\n';
const END_STREAM = '\nendstream';

/**
 * The PDF's content streams, inflated: what is drawn, as operators. The search moves past each
 * stream's end: a search from inside 'endstream' found 'stream' again and, once no end
 * followed, started over at the file's beginning forever (the out-of-memory of this file).
 */
function pageContents(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const start = raw.indexOf(STREAM, from);
    if (start < 0) break;
    const end = raw.indexOf(END_STREAM, start + STREAM.length);
    if (end < 0) break;
    try {
      parts.push(inflateSync(raw.subarray(start + STREAM.length, end)).toString('latin1'));
    } catch {
      // Not deflated (fonts, images): not drawing operators.
    }
    from = end + END_STREAM.length;
  }
  return parts.join('\n');
}

const pages = (text: string) => text.split('\f').filter((page) => page.trim() !== '');

describe('buildProjectReportPdf', () => {
  it('writes header, every column with its cards, entries, sums and the footer on each page', async () => {
    const text = pdfText(await buildProjectReportPdf(input(), fonts));
    expect(text).toContain('Neubau Familie Groß');
    expect(text).toContain('P-2026-031');
    expect(text).toContain('Privatkunde');
    expect(text).toMatch(/Projektleiter\s+paula/);
    expect(text).toMatch(/Vertretung\s+Max Müller/);
    expect(text).toContain('Fortschritt: 25 % (2 von 8 Aufgaben erledigt)');
    for (const title of ['To Do', 'In Bearbeitung', 'Material bestellt', 'Erledigt']) expect(text).toContain(title);
    expect(text).toContain('Aufgabe 4: Steckdosen im Raum 4 setzen');
    expect(text).toContain('Zugewiesen an: Elektro Schulz GmbH');
    expect(text).toContain('Gruppe: Küche');
    expect(text).toContain('Tags: Dringend');
    expect(text).toContain('02.03.2026');
    expect(text).toContain('Summe: 1,75 Std.');
    expect(text).toContain('2,5 m');
    // Sums at the end: 8 cards × 1,5 h for Max, × 0,25 h for paula; 8 × 2,5 m of cable.
    expect(text).toMatch(/Max Müller\s+12,00 Std\./);
    expect(text).toMatch(/Gesamt\s+14,00 Std\./);
    expect(text).toMatch(/NYM-J 3x1,5\s+20 m/);
    expect(text).toContain('Abnahme mit Bauherrn');
    const all = pages(text);
    all.forEach((page, index) => {
      expect(page).toContain(`Seite ${index + 1} von ${all.length}`);
      expect(page).toContain('Werkboard 1.2.3');
    });
  });

  it('leaves out the columns and sections that were not chosen', async () => {
    const project = reportTestProject(8);
    const [todo, , , done] = project.columns;
    const text = pdfText(
      await buildProjectReportPdf(
        input({
          project,
          options: {
            columnIds: [todo!.id, done!.id],
            includeEntries: false,
            includeAppointments: false,
            includeNotes: true,
            includePhotos: false,
          },
        }),
        fonts,
      ),
    );
    expect(text).toContain('To Do');
    expect(text).toContain('Erledigt');
    expect(text).not.toContain('Material bestellt');
    expect(text).not.toContain('In Bearbeitung');
    expect(text).not.toContain('Abnahme mit Bauherrn');
    expect(text).not.toContain('Stunden je Mitarbeiter');
    expect(text).not.toContain('02.03.2026');
    // Without the entries a card still shows its sum of hours.
    expect(text).toContain('Summe: 1,75 Std.');
    expect(text).toContain('Schlüssel liegt beim Nachbarn.');
  });

  it('shows each customer sign-off with signer, time, what it covers and the signature as a path', async () => {
    const project = reportTestProject(8);
    const card = project.columns.flatMap((column) => column.cards).find((item) => item.timeEntries.length > 0)!;
    project.signoffs = [
      {
        ...{ id: 'a1b2c3d4-0000-4000-8000-000000000001', rev: 1, cardId: card.id, signerName: 'Erika Kundin' },
        ...{ signedAt: '2026-11-23T15:04:00.000Z', signature: 'M10 150 L60 40 L110 160 L170 30' },
        coveredTimeEntryIds: card.timeEntries.map((entry) => entry.id),
        coveredMaterialEntryIds: [],
        ...{ collectedById: null, collectedByName: 'paula' },
      },
    ];
    const bytes = await buildProjectReportPdf(input({ project }), fonts);
    const text = pdfText(bytes);
    expect(text).toContain('Abnahme durch den Kunden');
    expect(text).toContain('Abgenommen von Erika Kundin am 23.11.2026, 16:04');
    expect(text).toContain(de.projects.signoff.pdfOfCard(card.title));
    expect(text).toContain(
      card.timeEntries.length === 1 ? 'Umfasst einen Zeiteintrag' : `Umfasst ${card.timeEntries.length} Zeiteinträge`,
    );
    // The signature is a vector path in the page's content: its moves and lines, scaled.
    expect(pageContents(bytes)).toMatch(/10 150 m\s+60 40 l\s+110 160 l\s+170 30 l/);
  });

  it('splits a header row taller than a page (a team of 1500) instead of asking for pages forever', async () => {
    const base = reportTestProject(2);
    const team = Array.from({ length: 1500 }, (_, index) => ({
      ...base.team[1]!,
      id: `7a000000-0000-4000-8000-1${String(index).padStart(11, '0')}`,
      username: `Monteur ${index + 1}`,
      teamRole: 'member' as const,
    }));
    const project = { ...base, team: [base.team[0]!, ...team] };
    const text = pdfText(await buildProjectReportPdf(input({ project }), fonts));
    expect(text).toContain('Monteur 1,');
    expect(text).toContain('Monteur 1500');
    expect(text).toContain('Aufgabe 2: Steckdosen im Raum 2 setzen');
    const all = pages(text);
    expect(all.length).toBeLessThan(15);
    all.forEach((page, index) => expect(page).toContain(`Seite ${index + 1} von ${all.length}`));
  });

  it('keeps umlauts, ß and German quotes as text', async () => {
    const project = reportTestProject(1, { name: 'Straße „Süd“ – Öl & Gas' });
    const text = pdfText(await buildProjectReportPdf(input({ project }), fonts));
    expect(text).toContain('Straße „Süd“ – Öl & Gas');
  });

  it('wraps a long description and carries it over to the next page', async () => {
    const sentence = 'Die Leitungen werden im Estrich verlegt und vor dem Verschließen fotografiert. ';
    const project = reportTestProject(1);
    project.columns[1]!.cards[0]!.description = sentence.repeat(120) + 'ENDE DER BESCHREIBUNG';
    const text = pdfText(await buildProjectReportPdf(input({ project }), fonts));
    const all = pages(text);
    expect(all.length).toBeGreaterThan(2);
    expect(text).toContain('ENDE DER BESCHREIBUNG');
    // Nothing of it was cut off at a page's end: each of the 120 sentences is there.
    expect(text.match(/Estrich/g)).toHaveLength(120);
    expect(text.match(/fotografiert\./g)).toHaveLength(120);
  });

  it('lays out 500 cards on numbered pages with every card in it', async () => {
    const project = reportTestProject(500);
    const text = pdfText(await buildProjectReportPdf(input({ project }), fonts));
    const all = pages(text);
    expect(all.length).toBeGreaterThan(20);
    expect(all[all.length - 1]).toContain(`Seite ${all.length} von ${all.length}`);
    for (const n of [1, 250, 499, 500]) expect(text).toContain(`Aufgabe ${n}: Steckdosen im Raum ${n} setzen`);
    expect(text).toMatch(/Gesamt\s+875,00 Std\./);
  }, 60_000);

  it('shows photos as thumbnails and an unreadable one as unavailable', async () => {
    const photos = [
      { id: 'p1', name: 'Verteiler.png', image: onePixelPng() },
      { id: 'p2', name: 'Fehlt.jpg', image: null },
      { id: 'p3', name: 'Kaputt.webp', image: new Uint8Array([1, 2, 3]) },
    ];
    const project = reportTestProject(1);
    const options = { ...defaultProjectReportOptions(project), includePhotos: true };
    const text = pdfText(await buildProjectReportPdf(input({ project, options, photos }), fonts));
    expect(text).toContain('Fotos');
    expect(text).toContain('Verteiler.png');
    expect(text.split('Bild nicht verfügbar').length - 1).toBe(2);
  });
});

/** A 1x1 red PNG. */
function onePixelPng(): Uint8Array {
  return Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='),
    (char) => char.charCodeAt(0),
  );
}
