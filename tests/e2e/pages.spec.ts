// The Grand Chess Tour and the legal pages.
import { expect, prepare, test } from './support';

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('the Grand Chess Tour shows its finished 2022 season as a replay, five events and About', async ({ page }) => {
  await page.goto('/grand-chess-tour');

  await expect(page).toHaveTitle('Grand Chess Tour 2022');
  await expect(page.getByRole('heading', { level: 1, name: 'Grand Chess Tour 2022' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allow media cookies' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Watch again' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Live', exact: true })).toHaveCount(0);
  await expect(page.locator('.tour__event')).toHaveCount(5);
  await expect(page.getByRole('heading', { level: 2, name: 'The 2022 season' })).toBeVisible();
  // The real 2022 tour, in order, with its cities and months.
  const events = page.locator('.tour__event');
  const expected = [
    ['Superbet Chess Classic Romania', 'Bucharest', 'May'],
    ['Superbet Rapid & Blitz Poland', 'Warsaw', 'May'],
    ['SuperUnited Rapid & Blitz Croatia', 'Zagreb', 'Jul'],
    ['Saint Louis Rapid & Blitz', 'Saint Louis', 'Aug'],
    ['Sinquefield Cup', 'Saint Louis', 'Sep'],
  ];
  for (const [index, [name, city, month]] of expected.entries()) {
    const event = events.nth(index);
    await expect(event.getByRole('heading', { level: 3 })).toHaveText(name!);
    await expect(event).toContainText(`${city} · ${month}`);
  }
  await expect(page.getByText('Lisbon')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'About the tour' })).toBeVisible();
});

test('every legal page is linked from the footer', async ({ page }) => {
  await page.goto('/home');
  const legal = page.getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link')).toHaveCount(7);

  await legal.getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page).toHaveURL(/\/legal\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await expect(page.getByText('at least 18 years old')).toBeVisible();

  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Cookie policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeVisible();
});
