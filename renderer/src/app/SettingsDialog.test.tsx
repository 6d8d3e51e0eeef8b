import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUserDto, SmtpSettingsDto } from '@werkboard/common';
import { de, DEFAULT_USER_SETTINGS } from '@werkboard/common';
import { AppShell } from './AppShell';
import { buildUser } from '../test/fixtures';
import type { FakeRoute } from '../test/fakeFetch';
import { createFakeFetch } from '../test/fakeFetch';
import { renderWithProviders } from '../test/renderApp';
import { SettingsDialog } from './SettingsDialog';

const s = de.settingsScreen;

const SMTP: SmtpSettingsDto = {
  host: 'smtp.example.de',
  port: 465,
  username: 'mailer',
  encryption: 'ssl',
  fromEmail: 'info@example.de',
  fromName: 'Werkboard',
  hasPassword: true,
};

function setup(user: CurrentUserDto, routes: Record<string, FakeRoute> = {}) {
  const fake = createFakeFetch({
    'PUT /api/settings': ({ body }) => ({ body: { ...DEFAULT_USER_SETTINGS, ...(body as object) } }),
    'GET /api/settings': { body: { ...DEFAULT_USER_SETTINGS, smtp: SMTP } },
    'GET /api/stats/counts': {
      body: {
        activeProjectCount: 0,
        templateCount: 0,
        userCount: 1,
        externalUserCount: 0,
        licenseType: 'Free',
        limits: { users: 6, externalUsers: 10, templates: 10, activeProjects: 10 },
      },
    },
    ...routes,
  });
  const onClose = jest.fn();
  // The app shell applies the theme; the dialog renders on top of it.
  const view = renderWithProviders(
    <>
      <AppShell />
      <SettingsDialog onClose={onClose} saveDelayMs={0} />
    </>,
    { user, fake },
  );
  return { ...view, fake, onClose };
}

function dialog() {
  return within(screen.getByRole('dialog', { name: de.settings.title }));
}

function open(section: string) {
  fireEvent.click(dialog().getByRole('button', { name: section }));
}

const rootVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('settings dialog', () => {
  it('applies a background theme at once and stores it on the server', async () => {
    const { fake, store } = setup(buildUser('Monteur'));

    fireEvent.click(dialog().getByRole('radio', { name: s.themes.hexagons }));

    expect(decodeURIComponent(rootVar('--app-pattern'))).toContain('<svg');
    expect(store.getState().auth.user?.settings.appearance.theme).toBe('hexagons');
    await waitFor(() => expect(fake.calls('PUT /api/settings')).toHaveLength(1));
    expect(fake.calls('PUT /api/settings')[0]?.body).toEqual({ appearance: { theme: 'hexagons' } });
  });

  it('applies a colour at once (CSS variable on the root)', async () => {
    const { fake } = setup(buildUser('Monteur'));

    fireEvent.change(dialog().getByLabelText(s.colors.appBg), { target: { value: '#203040' } });

    expect(rootVar('--app-bg')).toBe('#203040');
    await waitFor(() => expect(fake.calls('PUT /api/settings')[0]?.body).toEqual({ colors: { appBg: '#203040' } }));
  });

  it('keeps the local change when the server refuses the save, and says so', async () => {
    const { store } = setup(buildUser('Monteur'), { 'PUT /api/settings': { status: 400, body: { message: 'x' } } });
    open(s.sections.features);

    fireEvent.click(dialog().getByRole('checkbox', { name: s.features.kwpExportEnabled }));

    expect(await dialog().findByRole('alert')).toHaveProperty(
      'textContent',
      'Server-Einstellungen konnten nicht gespeichert werden. Die lokalen Änderungen wurden jedoch angewendet.',
    );
    expect(store.getState().auth.user?.settings.features.kwpExportEnabled).toBe(true);
    expect(dialog().getByRole<HTMLInputElement>('checkbox', { name: s.features.kwpExportEnabled }).checked).toBe(true);
  });

  it('queues the save when the server cannot take it (5xx), without an error', async () => {
    const { store } = setup(buildUser('Monteur'), { 'PUT /api/settings': { status: 503, body: { message: 'x' } } });
    open(s.sections.features);
    fireEvent.click(dialog().getByRole('checkbox', { name: s.features.kwpExportEnabled }));
    await waitFor(() => expect(store.getState().sync.pending).toBe(1));
    expect(dialog().queryByRole('alert')).toBeNull();
    expect(store.getState().auth.user?.settings.features.kwpExportEnabled).toBe(true);
  });

  it('gathers quick changes into one save', async () => {
    jest.useFakeTimers();
    try {
      const fake = createFakeFetch({ 'PUT /api/settings': { body: DEFAULT_USER_SETTINGS } });
      renderWithProviders(<SettingsDialog onClose={jest.fn()} saveDelayMs={400} />, {
        user: buildUser('Monteur'),
        fake,
      });
      const input = dialog().getByLabelText(s.colors.columnBg);
      fireEvent.change(input, { target: { value: '#111111' } });
      fireEvent.change(input, { target: { value: '#222222' } });
      open(s.sections.display);
      fireEvent.change(dialog().getByLabelText(s.display.templatesViewMode), { target: { value: 'table-simple' } });

      expect(fake.calls('PUT /api/settings')).toHaveLength(0);
      await act(() => jest.advanceTimersByTimeAsync(400));

      expect(fake.calls('PUT /api/settings')).toHaveLength(1);
      expect(fake.calls('PUT /api/settings')[0]?.body).toEqual({
        colors: { columnBg: '#222222' },
        display: { templates: { viewMode: 'table-simple' } },
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers the six feature switches and the display settings', () => {
    setup(buildUser('Monteur'));
    open(s.sections.features);
    open(s.sections.display);

    for (const label of Object.values(s.features)) expect(dialog().getByRole('checkbox', { name: label })).toBeTruthy();
    expect(dialog().getByLabelText(s.display.activeProjectsViewMode)).toBeTruthy();
    expect(dialog().getByLabelText(s.display.projectsViewMode)).toBeTruthy();
  });

  it('shows the defaults for stored values of an old shape, and a change stores a valid value', async () => {
    const oldShape = {
      appearance: { theme: 'aurora' },
      colors: { appBg: 'dunkelblau' },
      display: { templates: { viewMode: 'karten' } },
    } as unknown as CurrentUserDto['settings'];
    const { fake } = setup(buildUser('Monteur', { settings: oldShape }));

    expect(dialog().getByRole<HTMLInputElement>('radio', { name: s.themes.default }).checked).toBe(true);
    expect(dialog().getByLabelText<HTMLInputElement>(s.colors.appBg).value).toBe('#000000');
    open(s.sections.display);
    expect(dialog().getByLabelText<HTMLSelectElement>(s.display.templatesViewMode).value).toBe('grid');

    fireEvent.click(dialog().getByRole('radio', { name: s.themes.dots }));
    await waitFor(() => expect(fake.calls('PUT /api/settings')[0]?.body).toEqual({ appearance: { theme: 'dots' } }));
  });

  it('shows SMTP and license status to the Admin only', () => {
    setup(buildUser('Firmenleiter'));
    expect(dialog().queryByRole('button', { name: s.sections.smtp })).toBeNull();
    expect(dialog().queryByRole('button', { name: s.sections.license })).toBeNull();
    expect(dialog().queryByRole('button', { name: de.security.sectionTitle })).toBeNull();
    expect(dialog().getByRole('button', { name: s.sections.importExport })).toBeTruthy();
  });
});

describe('settings dialog: SMTP (Admin)', () => {
  it('loads the server settings without the password and saves the port as a whole number', async () => {
    const { fake } = setup(buildUser('Admin'));
    open(s.sections.smtp);

    await waitFor(() => expect(dialog().getByLabelText<HTMLInputElement>(s.smtp.host).value).toBe(SMTP.host));
    expect(dialog().getByLabelText<HTMLInputElement>(s.smtp.password).value).toBe('');
    expect(dialog().getByText(new RegExp(s.smtp.passwordStored))).toBeTruthy();

    fireEvent.change(dialog().getByLabelText(s.smtp.port), { target: { value: '587' } });
    fireEvent.change(dialog().getByLabelText(s.smtp.encryption), { target: { value: 'tls' } });
    fireEvent.click(dialog().getByRole('button', { name: s.smtp.save }));

    expect((await dialog().findByRole('status')).textContent).toBe(s.smtp.saved);
    const body = fake.calls('PUT /api/settings')[0]?.body as { smtp: Record<string, unknown> };
    expect(body.smtp.port).toBe(587);
    expect(body.smtp.encryption).toBe('tls');
    // Blank keeps the stored password: it is not sent at all.
    expect(body.smtp).not.toHaveProperty('password');
  });

  it("'Test-E-Mail senden' shows the server's report, or its German reason, and refuses a bad address", async () => {
    const sent = 'Test-E-Mail an chef@example.de gesendet. Antwort des SMTP-Servers: 250 OK';
    const { fake } = setup(buildUser('Admin'), {
      'POST /api/settings/smtp/test': ({ body }) =>
        (body as { to: string }).to === 'chef@example.de'
          ? { body: { message: sent } }
          : { status: 502, body: { message: de.mail.authFailed('535 falsch') } },
    });
    open(s.sections.smtp);
    const recipient = await dialog().findByLabelText(de.mail.testRecipient);
    fireEvent.change(recipient, { target: { value: 'kein-empfänger' } });
    fireEvent.click(dialog().getByRole('button', { name: de.mail.testButton }));
    expect(dialog().getByText(de.mail.recipientInvalid)).toBeTruthy();
    expect(fake.calls('POST /api/settings/smtp/test')).toHaveLength(0);

    fireEvent.change(recipient, { target: { value: 'chef@example.de' } });
    fireEvent.click(dialog().getByRole('button', { name: de.mail.testButton }));
    expect(await dialog().findByText(sent)).toBeTruthy();

    fireEvent.change(recipient, { target: { value: 'buero@example.de' } });
    fireEvent.click(dialog().getByRole('button', { name: de.mail.testButton }));
    expect((await dialog().findByRole('alert')).textContent).toBe(de.mail.authFailed('535 falsch'));
  });

  it('refuses a port outside 1-65535 with the German message and sends nothing', async () => {
    const { fake } = setup(buildUser('Admin'));
    open(s.sections.smtp);
    await waitFor(() => expect(dialog().getByLabelText<HTMLInputElement>(s.smtp.host).value).toBe(SMTP.host));

    fireEvent.change(dialog().getByLabelText(s.smtp.port), { target: { value: '70000' } });
    fireEvent.click(dialog().getByRole('button', { name: s.smtp.save }));

    expect(await dialog().findByText(de.settings.smtpPortInvalid)).toBeTruthy();
    expect(fake.calls('PUT /api/settings')).toHaveLength(0);
  });

  it('starts with port 587 and TLS when the server has none', async () => {
    setup(buildUser('Admin'), { 'GET /api/settings': { body: DEFAULT_USER_SETTINGS } });
    open(s.sections.smtp);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    expect(dialog().getByLabelText<HTMLInputElement>(s.smtp.port).value).toBe('587');
    expect(dialog().getByLabelText<HTMLSelectElement>(s.smtp.encryption).value).toBe('tls');
  });

  it("says 'Fehler beim Speichern der Einstellungen.' when the save fails, and refuses a bad port", async () => {
    const { fake } = setup(buildUser('Admin'), { 'PUT /api/settings': { status: 500, body: { message: 'x' } } });
    open(s.sections.smtp);
    await waitFor(() => expect(dialog().getByLabelText<HTMLInputElement>(s.smtp.host).value).toBe(SMTP.host));

    fireEvent.change(dialog().getByLabelText(s.smtp.port), { target: { value: '58.7' } });
    fireEvent.click(dialog().getByRole('button', { name: s.smtp.save }));
    expect(dialog().getByText(de.settings.smtpPortInvalid)).toBeTruthy();
    expect(fake.calls('PUT /api/settings')).toHaveLength(0);

    fireEvent.change(dialog().getByLabelText(s.smtp.port), { target: { value: '25' } });
    fireEvent.change(dialog().getByLabelText(s.smtp.password), { target: { value: 'neu' } });
    fireEvent.click(dialog().getByRole('button', { name: s.smtp.save }));
    expect((await dialog().findByRole('alert')).textContent).toBe('Fehler beim Speichern der Einstellungen.');
    expect((fake.calls('PUT /api/settings')[0]?.body as { smtp: { password: string } }).smtp.password).toBe('neu');
  });
});

describe('settings dialog section Kundentypen & Tags', () => {
  function renderSettings(user: CurrentUserDto) {
    const fake = createFakeFetch({
      'GET /api/customer-types': { body: ['Allgemein'] },
      'GET /api/tags': { body: [] },
    });
    renderWithProviders(<SettingsDialog onClose={jest.fn()} saveDelayMs={0} />, { user, fake });
    return within(screen.getByRole('dialog', { name: 'Einstellungen' }));
  }

  it('is there for a user who may manage customer types, with the feature on', async () => {
    const dialog = renderSettings(buildUser('Projektleiter'));
    fireEvent.click(dialog.getByRole('button', { name: 'Kundentypen & Tags' }));
    expect(await dialog.findByRole('tab', { name: 'Tags' })).toBeTruthy();
    expect(dialog.getByRole('tab', { name: 'Kundentypen' })).toBeTruthy();
  });

  it('is missing with the feature off or without the permission', () => {
    const off = buildUser('Admin', {
      settings: {
        ...DEFAULT_USER_SETTINGS,
        features: { ...DEFAULT_USER_SETTINGS.features, manageCustomerTypes: false },
      },
    });
    expect(renderSettings(off).queryByRole('button', { name: 'Kundentypen & Tags' })).toBeNull();
  });

  it('is missing for a Monteur', () => {
    expect(renderSettings(buildUser('Monteur')).queryByRole('button', { name: 'Kundentypen & Tags' })).toBeNull();
  });
});

describe('settings dialog: license (Admin)', () => {
  it('shows the new license in the footer after an activation', async () => {
    setup(buildUser('Admin'), {
      'POST /api/license/activate': { body: { message: de.license.activated, licenseType: 'Lifetime' } },
      'GET /api/auth/me': { body: buildUser('Admin', { licenseType: 'Lifetime' }) },
    });
    expect(screen.getByText('Lizenz: Free')).toBeTruthy();
    open(s.sections.license);
    fireEvent.change(dialog().getByLabelText(de.licenseScreen.email), { target: { value: 'chef@example.de' } });
    fireEvent.change(dialog().getByLabelText(de.licenseScreen.key), {
      target: { value: 'eyJ2IjoxfQ.c2lnbmF0dXJl' },
    });
    fireEvent.click(dialog().getByRole('button', { name: de.licenseScreen.activate }));

    expect((await dialog().findByRole('status')).textContent).toBe(de.license.activated);
    await waitFor(() => expect(screen.getByText('Lizenz: Lifetime')).toBeTruthy());
  });
});

describe('settings dialog: Sicherheit (Admin)', () => {
  const stored = {
    passwordMinLength: 8,
    recommendedPasswordMinLength: 8,
    warning: null,
    secondFactorRequiredForAdmins: false,
  };

  it('shows the password minimum, warns below 8 while typing and saves the number the server confirms', async () => {
    const { fake } = setup(buildUser('Admin'), {
      'GET /api/settings/security': { body: stored },
      'PUT /api/settings/security': ({ body }) => ({
        body: { ...stored, ...(body as object), warning: de.settings.passwordMinLengthWarning(8) },
      }),
    });
    open(de.security.sectionTitle);
    const field = await dialog().findByLabelText<HTMLInputElement>(de.security.passwordMinLength);
    expect(field.value).toBe('8');
    expect(dialog().queryByRole('note')).toBeNull();

    fireEvent.change(field, { target: { value: '5' } });
    expect(dialog().getByRole('note').textContent).toBe(de.settings.passwordMinLengthWarning(8));
    fireEvent.click(dialog().getByRole('button', { name: de.actions.save }));

    expect((await dialog().findByRole('status')).textContent).toBe(de.security.saved);
    expect(fake.calls('PUT /api/settings/security')[0]?.body).toEqual({
      passwordMinLength: 5,
      secondFactorRequiredForAdmins: false,
    });
    expect(dialog().getByLabelText<HTMLInputElement>(de.security.passwordMinLength).value).toBe('5');
    expect(dialog().getByRole('note')).toBeTruthy();
  });

  it('refuses a minimum outside 3 to 64 before sending anything', async () => {
    const { fake } = setup(buildUser('Admin'), { 'GET /api/settings/security': { body: stored } });
    open(de.security.sectionTitle);
    const field = await dialog().findByLabelText(de.security.passwordMinLength);
    fireEvent.change(field, { target: { value: '2' } });
    fireEvent.click(dialog().getByRole('button', { name: de.actions.save }));
    expect(await dialog().findByText(de.settings.passwordMinLengthInvalid(3, 64))).toBeTruthy();
    expect(fake.calls('PUT /api/settings/security')).toHaveLength(0);
  });

  it("turns on 'Zweiter Faktor für Admins erforderlich'", async () => {
    const { fake } = setup(buildUser('Admin'), {
      'GET /api/settings/security': { body: stored },
      'PUT /api/settings/security': ({ body }) => ({ body: { ...stored, ...(body as object) } }),
    });
    open(de.security.sectionTitle);
    const box = await dialog().findByLabelText<HTMLInputElement>(de.secondFactor.requiredForAdmins);
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(dialog().getByRole('button', { name: de.actions.save }));
    expect((await dialog().findByRole('status')).textContent).toBe(de.security.saved);
    expect(fake.calls('PUT /api/settings/security')[0]?.body).toEqual({
      passwordMinLength: 8,
      secondFactorRequiredForAdmins: true,
    });
    expect(dialog().getByLabelText<HTMLInputElement>(de.secondFactor.requiredForAdmins).checked).toBe(true);
  });
});
