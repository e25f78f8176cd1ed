/**
 * What user-event's clipboard (given to the page by `userEvent.setup()`) holds as text. Read through
 * its items, not `readText`: that reads with jsdom's FileReader, which refuses the Node Blob the test
 * environment lends the page.
 */
export async function clipboardText(): Promise<string> {
  const texts = await Promise.all(
    (await navigator.clipboard.read()).map(async (item) => (await item.getType('text/plain')).text()),
  );
  return texts.join('');
}
