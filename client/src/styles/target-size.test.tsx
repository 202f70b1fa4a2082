// Checkboxes and inline links of the forms and the footer are at least 24 px tall (WCAG 2.2, 2.5.8):
// the site's own style sheets, applied to what the register page and the login overlay render.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { stubApi } from '../test/api-stub';
import { buildFooter } from '../test/page-builders';
import { renderApp } from '../test/render-app';

const SHEETS = [
  'styles/tokens.css',
  'styles/base.css',
  'styles/layout.css',
  'features/account/account.css',
  'features/footer/components/footer.css',
];
const LEAST_PX = 24;
const REM_PX = 16;

/** The top-level style rules of the site's sheets (media queries only widen screens). */
function styleRules(): CSSStyleRule[] {
  const rules: CSSStyleRule[] = [];
  for (const sheet of SHEETS) {
    const style = document.createElement('style');
    style.textContent = readFileSync(join(__dirname, '..', sheet), 'utf8');
    document.head.append(style);
    for (const rule of Array.from(style.sheet!.cssRules)) if (rule instanceof CSSStyleRule) rules.push(rule);
    style.remove();
  }
  return rules;
}

/** A length in px: `var(--token)` read from :root, rem as 16 px; anything else (auto) is 0. */
function px(value: string, tokens: Map<string, string>): number {
  const token = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (token) return px(tokens.get(token[1]!) ?? '', tokens);
  const length = /^([\d.]+)(rem|px)$/.exec(value.trim());
  if (!length) return 0;
  return Number(length[1]) * (length[2] === 'rem' ? REM_PX : 1);
}

/** The least size the sheets give an element: its largest declared height or min-height (or width). */
function leastSize(element: Element, rules: CSSStyleRule[], axis: 'height' | 'width'): number {
  const root = rules.filter((rule) => rule.selectorText === ':root');
  const tokens = new Map<string, string>();
  for (const rule of root) {
    for (const name of Array.from(rule.style)) tokens.set(name, rule.style.getPropertyValue(name));
  }
  const sizes = rules
    .filter((rule) => rule.selectorText !== ':root' && element.matches(rule.selectorText))
    .flatMap((rule) => [rule.style.getPropertyValue(axis), rule.style.getPropertyValue(`min-${axis}`)])
    .map((value) => px(value, tokens));
  return Math.max(0, ...sizes);
}

/** Checkboxes, and links and link-looking buttons inside text, of the forms and the footer. */
const TARGETS = 'input[type="checkbox"], .link-button, form a, .account-switch a, .site-footer a';

function undersized(rules: CSSStyleRule[]) {
  const targets = Array.from(document.querySelectorAll(TARGETS));
  expect(targets.length).toBeGreaterThan(0);
  return targets
    .filter(
      (target) =>
        leastSize(target, rules, 'height') < LEAST_PX ||
        (target.matches('input') && leastSize(target, rules, 'width') < LEAST_PX),
    )
    .map((target) => target.outerHTML.slice(0, 80));
}

describe('targets of at least 24 px', () => {
  const rules = styleRules();

  beforeEach(() => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /users/social_providers': { data: { facebook: null, google: null, apple: null, unavailable: {} } },
      'GET /users/countries': { data: [{ code: 'FR', name: 'France' }] },
    });
  });

  it('the register form: its terms and newsletter checkboxes and the terms links; the footer links', async () => {
    renderApp('/register/email');
    await screen.findByRole('heading', { level: 1 });
    await screen.findByRole('navigation', { name: 'Legal' });
    expect(document.querySelectorAll('input[type="checkbox"]')).toHaveLength(2);
    expect(undersized(rules)).toEqual([]);
  });

  it("the login page's links", async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    expect(undersized(rules)).toEqual([]);
  });

  it('the sheets can tell an undersized target', () => {
    document.body.innerHTML = '<p><a href="/x">inline</a> <input type="checkbox" class="unstyled"></p>';
    expect(leastSize(document.querySelector('a')!, rules, 'height')).toBeLessThan(LEAST_PX);
    expect(leastSize(document.querySelector('input')!, rules, 'width')).toBeLessThan(LEAST_PX);
  });
});
