/**
 * Saves `blob` as a file named `filename` through the browser's download: an object URL clicked as
 * a link with `download`, and the URL released after.
 */
export function saveBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Released once the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Saves `text` as a file named `filename` (CSV unless `type` says otherwise). */
export function saveTextFile(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  saveBlob(filename, new Blob([text], { type }));
}
