// The Studio's Replies queue (Studio › Fediverse › Replies) as the fediverse spec uses it:
// what is held, and approving one reply the way a moderator does, by its button.
import { expect, type Page } from '@playwright/test';

const queue = (state: 'held' | 'approved') => `/en/studio/fediverse/replies?state=${state}`;

/** The text of every reply waiting for moderation, newest first. */
export async function heldReplies(page: Page): Promise<string[]> {
  await page.goto(queue('held'));
  return page.locator('li[data-reply]').allInnerTexts();
}

/** Approves the held reply showing `text`, and waits until the approved list shows it. */
export async function approveReply(page: Page, text: string): Promise<void> {
  await page.goto(queue('held'));
  const reply = page.locator('li[data-reply]', { hasText: text });
  await reply.getByRole('button', { name: 'Approve', exact: true }).click();
  // It leaves the waiting list for the approved one.
  await expect(reply).toHaveCount(0);
  await page.goto(queue('approved'));
  await expect(page.locator('li[data-reply]', { hasText: text })).toBeVisible();
}
