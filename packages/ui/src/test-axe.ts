import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe-core's WCAG 2.x A/AA rules on rendered markup, as the e2e run applies them to whole pages.
 * Colour contrast needs a real layout: the e2e run checks it.
 */
export async function expectAccessible(root: Element): Promise<void> {
  const { violations } = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
