/** The Comprovante as a file for the phone's share sheet, where the browser shares files (else null). */
export function shareableReceipt(pdf: Blob, fileName: string): File | null {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return null;
  const file = new File([pdf], fileName, { type: 'application/pdf' });
  try {
    return navigator.canShare({ files: [file] }) ? file : null;
  } catch {
    return null;
  }
}
