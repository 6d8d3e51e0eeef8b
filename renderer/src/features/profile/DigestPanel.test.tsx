import { fireEvent, screen, within } from '@testing-library/react';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import { createFakeFetch, type FakeRoute } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';

const m = de.mail;

function setup(email: string | null, routes: Record<string, FakeRoute> = {}) {
  const me = buildUser('Monteur', { id: 'u-erik', username: 'erik', email });
  const fake = createFakeFetch({
    'GET /api/auth/me': { body: me },
    'GET /api/auth/sessions': { body: [] },
    'GET /api/message-digest': { body: { enabled: false, hour: 7 } },
    'PUT /api/message-digest': ({ body }) => ({ body: { ...(body as object), hour: 7 } }),
    ...routes,
  });
  renderApp('/profile', { user: me, fake });
  return { fake, section: within(screen.getByRole('region', { name: m.digestSectionTitle })) };
}

describe('/profile: daily e-mail digest', () => {
  it('shows the server’s setting (off) with the hour, and switches it on and off on the server', async () => {
    const { fake, section } = setup('erik@example.de');
    const checkbox = await section.findByRole<HTMLInputElement>('checkbox', { name: m.digestToggle });
    expect(checkbox.checked).toBe(false);
    expect(section.getByText(m.digestHint(7))).toBeTruthy();

    fireEvent.click(checkbox);
    expect((await section.findByRole('status')).textContent).toBe(m.digestSaved(true));
    expect(checkbox.checked).toBe(true);
    fireEvent.click(checkbox);
    expect(await section.findByText(m.digestSaved(false))).toBeTruthy();
    expect(fake.calls('PUT /api/message-digest').map((call) => call.body)).toEqual([
      { enabled: true },
      { enabled: false },
    ]);
  });

  it('asks for an e-mail address first and cannot be switched on without one', async () => {
    const { section } = setup(null);
    const checkbox = await section.findByRole<HTMLInputElement>('checkbox', { name: m.digestToggle });
    expect(checkbox.disabled).toBe(true);
    expect(section.getByText(m.digestNoEmail)).toBeTruthy();
  });

  it('keeps the old value and says so in German when saving fails', async () => {
    const { section } = setup('erik@example.de', {
      'PUT /api/message-digest': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    fireEvent.click(await section.findByRole('checkbox', { name: m.digestToggle }));
    expect((await section.findByRole('alert')).textContent).toBe(m.digestSaveFailed);
    expect(section.getByRole<HTMLInputElement>('checkbox', { name: m.digestToggle }).checked).toBe(false);
  });

  it("says when the setting could not be loaded and loads it again on 'Erneut versuchen'", async () => {
    let fail = true;
    const { fake, section } = setup('erik@example.de', {
      'GET /api/message-digest': () =>
        fail ? Promise.reject(new TypeError('Failed to fetch')) : { body: { enabled: true, hour: 6 } },
    });
    expect((await section.findByRole('alert')).textContent).toContain(de.app.pageLoadFailed);
    fail = false;
    fireEvent.click(section.getByRole('button', { name: de.actions.retry }));
    expect((await section.findByRole<HTMLInputElement>('checkbox', { name: m.digestToggle })).checked).toBe(true);
    expect(section.queryByRole('alert')).toBeNull();
    expect(fake.calls('GET /api/message-digest')).toHaveLength(2);
  });
});
