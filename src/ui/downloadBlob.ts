/**
 * Hands a file made on the device to the browser as a download. In ui/ because reports' exports,
 * the accountant's zip and the DANFSe (admin and the public page) all need it, and features never
 * import each other.
 */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked late: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
