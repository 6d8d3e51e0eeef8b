import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SecondFactorStatusDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';

const me = buildUser('Monteur', { id: 'u-erik', username: 'erik' });
const OFF: SecondFactorStatusDto = { enabled: false, pending: false, recoveryCodesLeft: 0, required: false };
const ON: SecondFactorStatusDto = { enabled: true, pending: false, recoveryCodesLeft: 10, required: false };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, index) => `AAAA-BBBB-CCCC-DD${String.fromCharCode(65 + index)}2`);

async function setup(routes: Record<string, FakeRoute>) {
  const fake = createFakeFetch({ 'GET /api/auth/me': { body: me }, ...routes });
  const view = renderApp('/profile', { user: me, fake });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { ...view, fake, panel: () => within(screen.getByRole('region', { name: de.secondFactor.title })) };
}

describe("profile 'Zwei-Faktor-Anmeldung'", () => {
  it('sets up: QR code and key, the first code confirms, the recovery codes are shown once', async () => {
    let status = OFF;
    const { fake, panel } = await setup({
      'GET /api/auth/second-factor': () => ({ body: status }),
      'POST /api/auth/second-factor': {
        body: { secret: SECRET, uri: `otpauth://totp/Werkboard:erik?secret=${SECRET}&issuer=Werkboard` },
      },
      'POST /api/auth/second-factor/confirm': ({ body }) => {
        if ((body as { code: string }).code !== '123456') {
          return { status: 400, body: { message: de.secondFactor.codeInvalid } };
        }
        status = ON;
        return { body: { message: de.secondFactor.enabled, recoveryCodes: CODES } };
      },
    });
    await waitFor(() => expect(panel().getByText(de.secondFactor.statusOff)).toBeTruthy());
    fireEvent.click(panel().getByRole('button', { name: de.secondFactor.enable }));
    const qr = await waitFor(() => panel().getByRole('img', { name: de.secondFactor.qrAlt }));
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(panel().getByTestId('second-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const input = panel().getByLabelText(de.secondFactor.codeLabel);
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(input, { target: { value: '000000' } });
    fireEvent.click(panel().getByRole('button', { name: de.secondFactor.confirmEnrolment }));
    await waitFor(() => expect(panel().getByRole('alert').textContent).toBe(de.secondFactor.codeInvalid));

    fireEvent.change(panel().getByLabelText(de.secondFactor.codeLabel), { target: { value: ' 123456 ' } });
    fireEvent.click(panel().getByRole('button', { name: de.secondFactor.confirmEnrolment }));
    const list = await waitFor(() => panel().getByRole('list', { name: de.secondFactor.recoveryTitle }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(fake.calls('POST /api/auth/second-factor/confirm').at(-1)?.body).toEqual({ code: '123456' });
    expect(panel().queryByTestId('second-factor-secret')).toBeNull();

    fireEvent.click(panel().getByRole('button', { name: de.secondFactor.recoveryDone }));
    expect(panel().queryByRole('list', { name: de.secondFactor.recoveryTitle })).toBeNull();
    await waitFor(() => expect(panel().getByText(de.secondFactor.recoveryLeft(10))).toBeTruthy());
  });

  it('turns it off with the password and a code, showing the server’s refusal first', async () => {
    let status = ON;
    const { fake, panel } = await setup({
      'GET /api/auth/second-factor': () => ({ body: status }),
      'POST /api/auth/second-factor/disable': ({ body }) => {
        if ((body as { password: string }).password !== 'richtig') {
          return { status: 400, body: { message: de.secondFactor.passwordWrong } };
        }
        status = OFF;
        return { body: { message: de.secondFactor.disabled } };
      },
    });
    await waitFor(() => expect(panel().getByText(de.secondFactor.statusOn)).toBeTruthy());
    fireEvent.change(panel().getByLabelText(de.secondFactor.password), { target: { value: 'falsch' } });
    fireEvent.change(panel().getByLabelText(de.secondFactor.codeLabel), { target: { value: '123456' } });
    fireEvent.click(panel().getByRole('button', { name: de.secondFactor.disable }));
    await waitFor(() => expect(panel().getByRole('alert').textContent).toBe(de.secondFactor.passwordWrong));
    expect(panel().getByText(de.secondFactor.statusOn)).toBeTruthy();

    fireEvent.change(panel().getByLabelText(de.secondFactor.password), { target: { value: 'richtig' } });
    fireEvent.click(panel().getByRole('button', { name: de.secondFactor.disable }));
    await waitFor(() => expect(panel().getByText(de.secondFactor.statusOff)).toBeTruthy());
    expect(fake.calls('POST /api/auth/second-factor/disable').map((call) => call.body)).toEqual([
      { password: 'falsch', code: '123456' },
      { password: 'richtig', code: '123456' },
    ]);
  });

  it('offers no way off when it is required of this Admin', async () => {
    const { panel } = await setup({ 'GET /api/auth/second-factor': { body: { ...ON, required: true } } });
    await waitFor(() => expect(panel().getByText(de.secondFactor.statusOn)).toBeTruthy());
    expect(panel().queryByRole('button', { name: de.secondFactor.disable })).toBeNull();
  });
});
