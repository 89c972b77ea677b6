import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ARTEFACTS, screenshot } from './browser';
import type { Json } from './chat';
import type { TestServer } from './test-server';

// What a row of the block forms' browser test (schema-forms.browser.test.ts)
// is, and what rows use to read the form: a row creates a block of its type,
// fills its form and says what the saved options hold, so a block type's
// form is covered by adding its row.

export interface Setup {
  server: TestServer;
  page: Page;
  panel: Locator;
  /** The other bot of the workspace (Link to bot) and its group. */
  otherBotId: string;
  /** Credentials of the workspace: an OpenAI account and an e-mail server. */
  openaiId: string;
  /** The viewport's width: each run has its own bot (and adds its own credentials). */
  size: string;
}

export interface FormRow {
  /** The block's type and palette name (the panel's heading). */
  type: string;
  label: string;
  /** The block's options as the bot is created with them. */
  options?: Json;
  /** Fills the open form, checking what it shows on the way. */
  fill(setup: Setup): Promise<void>;
  /** What the saved options hold (toMatchObject), read back through the API. */
  saved(setup: Setup): Json;
  /** Keys the saved options must not hold (fields of another mode). */
  absent?: string[];
}

/** A picture of the page now (artefacts/browser/schema-form-<name>-<size>.png). */
export const shot = ({ page, size }: Setup, name: string) => screenshot(page, `schema-form-${name}-${size}`);

export const field = (panel: Locator, name: string) => panel.getByLabel(name, { exact: true });

/** The words under a field (its aria-describedby error). */
export async function errorOf(locator: Locator): Promise<string> {
  const ids = ((await locator.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => locator.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

export const optionTexts = (select: Locator) => select.locator('option').allTextContents();

/** Labels of the form's fields now shown (what a mode shows). */
export const shownLabels = (panel: Locator) =>
  panel.locator('.options .field > label, .options .field.check label, .options legend').allTextContents();

/** The page, and the whole panel (it scrolls inside the editor: unfolded for the picture, then as it was). */
export async function shootForm(page: Page, panel: Locator, name: string): Promise<void> {
  await screenshot(page, name);
  await page.evaluate(() => {
    for (let node = document.querySelector('.block-panel'); node && node !== document.body; node = node.parentElement) {
      const element = node as HTMLElement;
      element.dataset.shotStyle = element.getAttribute('style') ?? '';
      element.style.maxHeight = 'none';
      element.style.height = 'auto';
      element.style.overflow = 'visible';
    }
  });
  await panel.locator('fieldset.plain').screenshot({ path: path.join(ARTEFACTS, `${name}-panel.png`) });
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('[data-shot-style]')) {
      element.setAttribute('style', element.dataset.shotStyle ?? '');
      delete element.dataset.shotStyle;
    }
  });
}
