import { readFileSync } from 'node:fs';
import path from 'node:path';

// The stylesheet's text (the test set-up leaves CSS out of modules).
const css = readFileSync(path.join(__dirname, 'theme.css'), 'utf8');
const declarations = (block: string) =>
  block
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(';')
    .map((d) => d.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
/** The declarations of the first rule whose selector is `selector`. */
function rule(selector: string): string[] {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule ${selector}`);
  const open = css.indexOf('{', start);
  return declarations(css.slice(open + 1, css.indexOf('}', open)));
}
const names = (decls: string[]) => decls.map((d) => d.split(':')[0].trim());

describe('theme.css', () => {
  it("the night's tokens are the same whether chosen or the system's", () => {
    expect(rule(":root:not([data-theme='light'])")).toEqual(rule(":root[data-theme='dark']"));
  });

  it('the night sets only tokens the day defines, and its colour scheme', () => {
    const day = new Set(names(rule(':root')));
    for (const name of names(rule(":root[data-theme='dark']"))) expect({ name, known: name === 'color-scheme' || day.has(name) }).toEqual({ name, known: true });
    expect(rule(":root[data-theme='dark']")).toContain('color-scheme: dark');
    expect(rule(':root')).toContain('color-scheme: light');
  });
});
