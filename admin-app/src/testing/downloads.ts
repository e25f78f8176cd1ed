/**
 * Catches the files a test's screen saves through the browser's download (`lib/download.ts`): each
 * with the name it was saved as and its Blob. Object URLs are tracked, so a test can check they were
 * released. Restore the spied click with `jest.restoreAllMocks()`.
 */
export function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const created = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:download-${created.size}`;
      created.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => created.delete(url),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: created.get(this.href)! });
  });
  return { saved, created };
}
