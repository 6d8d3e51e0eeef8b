import { render, screen, within } from '@testing-library/react';
import { de } from '@werkboard/common';
import { COLOR_NAMES } from './changelogMarkup';
import { ChangelogText } from './ChangelogText';

function renderText(text: string): HTMLElement {
  const { container } = render(<ChangelogText text={text} />);
  const root = container.querySelector('.changelog');
  if (!(root instanceof HTMLElement)) throw new Error('no changelog');
  return root;
}

describe('ChangelogText', () => {
  it('renders bold, italic, underline and colour as elements', () => {
    const root = renderText('[b]fett[/b] [i]kursiv[/i] [u]unter[/u] [color=red]rot[/color]');
    expect(root.querySelector('strong')?.textContent).toBe('fett');
    expect(root.querySelector('em')?.textContent).toBe('kursiv');
    expect(root.querySelector('u')?.textContent).toBe('unter');
    const colored = root.querySelector('span');
    expect(colored?.textContent).toBe('rot');
    expect(colored?.getAttribute('style')).toBe('color: rgb(248, 113, 113);');
    expect(COLOR_NAMES.red).toBe('#f87171');
    expect(root.textContent).toBe('fett kursiv unter rot');
  });

  it('renders nested formatting nested', () => {
    const root = renderText('[b]a [i]b [u]c[/u][/i][/b]');
    expect(root.querySelector('strong > em > u')?.textContent).toBe('c');
  });

  it('renders lists as list items, numbered ones as <ol>', () => {
    renderText('[list]\n[*]Eins\n[*][b]Zwei[/b]\n[/list]\n[list=1][*]Erstens[/list]');
    const [bullets, numbered] = screen.getAllByRole('list');
    expect(bullets?.tagName).toBe('UL');
    expect(
      within(bullets as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Eins', 'Zwei']);
    expect(numbered?.tagName).toBe('OL');
    expect(within(numbered as HTMLElement).getByRole('listitem').textContent).toBe('Erstens');
  });

  it('shows line breaks as <br>', () => {
    const root = renderText('Zeile 1\nZeile 2\nZeile 3');
    expect(root.querySelectorAll('br')).toHaveLength(2);
    expect(root.textContent).toBe('Zeile 1Zeile 2Zeile 3');
  });

  it('shows HTML in the text as text and runs nothing of it', () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const hostile =
      '<script>window.alert(1)</script><img src="x" onerror="window.alert(2)"><b onclick="alert(3)">x</b>' +
      '[b]<iframe src="javascript:alert(4)"></iframe>[/b]';
    const root = renderText(hostile);

    expect(root.querySelector('script, img, iframe, b, [onerror], [onclick]')).toBeNull();
    expect(root.textContent).toBe(hostile.replace('[b]', '').replace('[/b]', ''));
    expect(root.querySelector('strong')?.textContent).toBe('<iframe src="javascript:alert(4)"></iframe>');
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  it('makes no link or image of unknown tags and colours nothing with a bad colour', () => {
    const root = renderText(
      '[url=javascript:alert(1)]Klick[/url] [img]x.png[/img] [color=red;background:url(x)]bunt[/color]',
    );
    expect(root.querySelector('a, img, span')).toBeNull();
    expect(root.textContent).toBe(
      '[url=javascript:alert(1)]Klick[/url] [img]x.png[/img] [color=red;background:url(x)]bunt[/color]',
    );
  });

  it("renders Werkboard's changelog with its version, list and note", () => {
    const root = renderText(de.adminOverview.changelog);
    expect(root.querySelector('strong')?.textContent).toBe('Version 0.1.0');
    expect(within(root).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(root.textContent).toContain('SMTP');
    expect(root.textContent).toContain('Projektgruppen');
    expect(root.textContent).not.toContain('[');
  });
});
