import {
  de,
  documentDelta,
  keyBetween,
  newId,
  type ProjectDocument,
  type Role,
  type SignoffDto,
} from '@werkboard/common';
import { writeDelta } from '../services/documentWrite';
import { findProjectRow } from '../services/projectStore';
import { newCard } from '../test/projectMergeHarness';
import { User } from '../models';
import { type Person, signedInPerson } from '../test/factories';
import { TEST_ADMIN } from '../test/testServer';
import { testServerPerFile } from '../test/testServerPerFile';

/**
 * The customer's sign-off over HTTP against the real database: it seals the entries it
 * covers on the whole-document PUT (also from a stale or offline copy), only who may edit
 * the project revokes it, and the Admin's restore brings it back as it was, still sealing.
 */

const t = testServerPerFile({ emptyProjects: true });

const person = (role: Role) => signedInPerson(t, role);

const put = (who: Person, document: ProjectDocument) =>
  t.request<ProjectDocument & { message?: string }>('PUT', `/api/projects/${document.id}`, {
    token: who.token,
    body: document,
  });

async function saved(who: Person, document: ProjectDocument): Promise<ProjectDocument> {
  const response = await put(who, document);
  if (response.status !== 200) throw new Error(`${response.status} ${response.body.message}`);
  return response.body;
}

const cardOf = (document: ProjectDocument) => document.columns[0]!.cards[0]!;

function edited(document: ProjectDocument, change: (copy: ProjectDocument) => void): ProjectDocument {
  const copy = structuredClone(document);
  change(copy);
  return copy;
}

function signoffOf(document: ProjectDocument, signerName = 'Erika Kundin'): SignoffDto {
  const card = cardOf(document);
  return {
    ...{ id: newId(), rev: 0, cardId: card.id, signerName, signedAt: '2026-11-23T15:04:00.000Z' },
    signature: 'M12 150 L40 90 L80 140 L120 60',
    coveredTimeEntryIds: card.timeEntries.map((entry) => entry.id),
    coveredMaterialEntryIds: card.materialEntries.map((entry) => entry.id),
    // Claimed by the client, replaced by the server.
    ...{ collectedById: null, collectedByName: 'Fälscher' },
  };
}

/** Olga's project (owner, Monteur) with one card holding Olga's 2 h and 3 m cable, signed by the customer. */
async function signedProject() {
  const [olga, azubi] = [await person('Monteur'), await person('Auszubildender')];
  const created = await t.request<ProjectDocument>('POST', '/api/projects', {
    token: olga.token,
    body: { name: `Abnahme ${newId().slice(0, 8)}` },
  });
  expect(created.status).toBe(201);
  await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:p, :u)', {
    replacements: { p: created.body.id, u: azubi.id },
  });
  const filled = await saved(
    olga,
    edited(created.body, (copy) => {
      const card = newCard('Zählerschrank', keyBetween(null, null));
      card.timeEntries.push({
        id: newId(),
        rev: 0,
        userId: olga.id,
        username: olga.username,
        date: '2026-11-23',
        hours: 2,
      });
      card.materialEntries.push({ id: newId(), rev: 0, quantity: 3, unit: 'm', name: 'NYM 3x1,5' });
      copy.columns[0]!.cards.push(card);
    }),
  );
  // The apprentice collects the signature (he may add entries, so he may collect one).
  const signed = await saved(
    azubi,
    edited(filled, (copy) => copy.signoffs.push(signoffOf(copy))),
  );
  return { olga, azubi, signed };
}

describe('customer sign-off (issue 15)', () => {
  it('is stored with the collector the server sets, and logged', async () => {
    const { olga, azubi, signed } = await signedProject();
    expect(signed.signoffs).toEqual([
      expect.objectContaining({
        signerName: 'Erika Kundin',
        signedAt: '2026-11-23T15:04:00.000Z',
        signature: 'M12 150 L40 90 L80 140 L120 60',
        collectedById: azubi.id,
        collectedByName: azubi.username,
        coveredTimeEntryIds: [cardOf(signed).timeEntries[0]!.id],
      }),
    ]);
    const log = await t.request<ProjectDocument>('GET', `/api/projects/${signed.id}`, { token: olga.token });
    expect(log.body.changeLog[0]!.action).toBe(
      de.projects.log.signoffAdded('Erika Kundin', de.projects.entity.card('Zählerschrank')),
    );
  });

  it('seals the covered entries on every PUT, also for the project owner and from a stale copy', async () => {
    const { olga, signed } = await signedProject();
    const refusals = [
      edited(signed, (copy) => (cardOf(copy).timeEntries = [])),
      edited(signed, (copy) => (cardOf(copy).materialEntries[0]!.quantity = 30)),
      edited(signed, (copy) => (cardOf(copy).materialEntries = [])),
      edited(signed, (copy) => (copy.columns[0]!.cards = [])),
      edited(signed, (copy) => (copy.signoffs[0]!.signerName = 'Jemand')),
    ];
    const messages = [];
    for (const document of refusals) {
      const response = await put(olga, document);
      messages.push([response.status, response.body.message]);
    }
    const s = de.projects.signoff;
    expect(messages).toEqual([
      [400, s.sealed],
      [400, s.sealed],
      [400, s.sealed],
      [400, s.cardSealed],
      [400, s.immutable],
    ]);
    // A copy read before the signature (an offline phone) that deletes the entry: refused too.
    const stale = edited(signed, (copy) => {
      copy.revision -= 1;
      copy.signoffs = [];
      cardOf(copy).timeEntries = [];
    });
    expect((await put(olga, stale)).body.message).toBe(s.sealed);
    const now = await t.request<ProjectDocument>('GET', `/api/projects/${signed.id}`, { token: olga.token });
    expect(cardOf(now.body).timeEntries).toHaveLength(1);
    expect(cardOf(now.body).materialEntries[0]!.quantity).toBe(3);
    // A correction is a new entry.
    const corrected = await saved(
      olga,
      edited(now.body, (copy) =>
        cardOf(copy).materialEntries.push({ id: newId(), rev: 0, quantity: 1, unit: 'm', name: 'NYM 3x1,5 Korrektur' }),
      ),
    );
    expect(cardOf(corrected).materialEntries).toHaveLength(2);
  });

  it('refuses bad sign-offs with a German message and stores nothing', async () => {
    const { olga, signed } = await signedProject();
    const cases: [Partial<SignoffDto>, string][] = [
      [{ signerName: '  ' }, de.projects.signoff.signerRequired],
      [{ signature: '' }, de.projects.signoff.signatureRequired],
      [{ signature: 'M0 0 C 1 1 2 2 3 3' }, de.projects.signoff.invalid],
      [{ signature: 'M0 0 L9999 5' }, de.projects.signoff.invalid],
      [{ signature: `M0 0${' L1 1'.repeat(12_000)}` }, de.projects.signoff.signatureTooLong],
      [{ signedAt: 'gestern' }, de.projects.signoff.invalid],
      [{ coveredTimeEntryIds: [newId()] }, de.projects.signoff.coverInvalid],
      [{ cardId: newId() }, de.projects.signoff.coverInvalid],
    ];
    for (const [change, message] of cases) {
      const response = await put(
        olga,
        edited(signed, (copy) => copy.signoffs.push({ ...signoffOf(copy, 'Zweite'), ...change })),
      );
      expect([response.status, response.body.message]).toEqual([400, message]);
    }
    const now = await t.request<ProjectDocument>('GET', `/api/projects/${signed.id}`, { token: olga.token });
    expect(now.body.signoffs).toHaveLength(1);
  });

  it('is revoked only by owner, deputy, Admin or Firmenleiter, with a log line', async () => {
    const { olga, azubi, signed } = await signedProject();
    // A Projektleiter on the team, who may edit the project, is not enough.
    const lead = await person('Projektleiter');
    await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:p, :u)', {
      replacements: { p: signed.id, u: lead.id },
    });
    const revoking = edited(signed, (copy) => (copy.signoffs = []));
    for (const who of [azubi, lead]) {
      const refused = await put(who, revoking);
      expect([refused.status, refused.body.message]).toEqual([403, de.projects.signoff.revokeForbidden]);
    }
    const revoked = await saved(olga, revoking);
    expect(revoked.signoffs).toEqual([]);
    expect(revoked.changeLog[0]!.action).toBe(
      de.projects.log.signoffRevoked('Erika Kundin', de.projects.entity.card('Zählerschrank')),
    );
    // Unsealed: the author may delete her entry again.
    const deleted = await saved(
      olga,
      edited(revoked, (copy) => (cardOf(copy).timeEntries = [])),
    );
    expect(cardOf(deleted).timeEntries).toEqual([]);
  });

  it('comes back as it was from the Admin’s restore of an export, and still seals', async () => {
    const { olga, azubi, signed } = await signedProject();
    // The users of earlier tests would pass the Free license's user limit, which an import checks.
    await User.sequelize!.query("DELETE FROM users WHERE role <> 'Admin' AND id NOT IN (:ids)", {
      replacements: { ids: [olga.id, azubi.id] },
    });
    const admin = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
    const exported = await t.request<ProjectDocument[]>('GET', '/api/projects/export', { token: admin });
    const file = exported.body.filter((document) => document.id === signed.id);
    expect(file[0]!.signoffs).toHaveLength(1);
    const imported = await t.request('POST', '/api/projects/import', {
      token: admin,
      body: { data: file, mode: 'merge' },
    });
    expect(imported.status).toBe(200);
    const restored = await t.request<ProjectDocument>('GET', `/api/projects/${signed.id}`, { token: olga.token });
    const withoutRev = (signoffs: SignoffDto[]) => signoffs.map(({ rev: _rev, ...signoff }) => signoff);
    expect(withoutRev(restored.body.signoffs)).toEqual(withoutRev(signed.signoffs));
    const response = await put(
      olga,
      edited(restored.body, (copy) => (cardOf(copy).timeEntries = [])),
    );
    expect([response.status, response.body.message]).toEqual([400, de.projects.signoff.sealed]);
  });

  it('never lives in a template: refused on its PUT, PATCH and import, and a project from a template starts unsigned', async () => {
    const { olga, signed } = await signedProject();
    const admin = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
    // A global template made from the signed project by the Admin.
    const created = await t.request<{ id: string }>('POST', '/api/templates/save-from-project', {
      token: admin,
      body: { project: signed.id, name: `Vorlage ${newId().slice(0, 8)}`, ownerId: null },
    });
    expect(created.status).toBe(201);
    const templateUrl = `/api/templates/${created.body.id}`;
    const template = (await t.request<ProjectDocument>('GET', templateUrl, { token: admin })).body;
    expect(template.signoffs).toEqual([]);

    const signing = edited(template, (copy) =>
      copy.signoffs.push({ ...signoffOf(copy), coveredTimeEntryIds: [], coveredMaterialEntryIds: [] }),
    );
    const refused = await t.request<{ message: string }>('PUT', templateUrl, { token: admin, body: signing });
    expect([refused.status, refused.body.message]).toEqual([400, de.projects.signoff.inTemplate]);
    expect((await t.request<ProjectDocument>('GET', templateUrl, { token: admin })).body.signoffs).toEqual([]);

    const imported = await t.request<{ message: string }>('POST', '/api/templates/import', {
      token: admin,
      body: { data: [signing], mode: 'merge' },
    });
    expect(imported.status).toBe(400);
    expect(imported.body.message).toContain(de.projects.signoff.inTemplate);

    // The delta path: PATCH reaches no template (a template is no project there), and the
    // delta write itself refuses a sign-off in a template, should a route ever lead one to it.
    const patched = await t.request<{ message: string }>('PATCH', `/api/projects/${template.id}`, {
      token: admin,
      body: documentDelta(template, signing),
    });
    expect([patched.status, patched.body.message]).toEqual([404, de.projects.notFound]);
    const row = (await findProjectRow(User.sequelize!, template.id))!;
    const adminActor = { id: row.ownerId ?? newId(), username: 'admin', role: 'Admin' as const, permissions: [] };
    await expect(
      User.sequelize!.transaction((transaction) =>
        writeDelta(User.sequelize!, transaction, adminActor, row, documentDelta(template, signing), {
          canEditFields: true,
          canChangeAnything: true,
        }),
      ),
    ).rejects.toMatchObject({ status: 400, message: de.projects.signoff.inTemplate });
    const unchanged = (await t.request<ProjectDocument>('GET', templateUrl, { token: admin })).body;
    expect([unchanged.revision, unchanged.signoffs]).toEqual([template.revision, []]);

    // Even a sign-off row put into a template behind the server's back is not copied.
    await User.sequelize!.query(
      `INSERT INTO project_signoffs (id, project_id, card_id, signer_name, signed_at, signature,
         covered_time_entry_ids, covered_material_entry_ids, collected_by_id, collected_by_name, rev)
       VALUES (:id, :template, :card, 'Kunde', now(), 'M1 1 L2 2', '[]', '[]', NULL, 'x', 1)`,
      { replacements: { id: newId(), template: template.id, card: cardOf(template).id } },
    );
    const project = await t.request<ProjectDocument>('POST', '/api/projects', {
      token: olga.token,
      body: { name: `Aus Vorlage ${newId().slice(0, 8)}`, templateId: template.id },
    });
    expect(project.status).toBe(201);
    expect(cardOf(project.body).title).toBe('Zählerschrank');
    expect(project.body.signoffs).toEqual([]);
  });
});
