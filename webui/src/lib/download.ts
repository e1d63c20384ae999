// Files fetched with the bearer token, then handed to the browser as a download (an .ics, a
// CSV of participants, a questionnaire export).
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

// The file name of Content-Disposition (`attachment; filename="…"`), else a fallback.
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}
