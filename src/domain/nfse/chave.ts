/** The NFS-e chave de acesso for reading: 50 digits are hard to compare at a glance, groups of 4 are not. */
export function groupChave(chave: string): string {
  return chave.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
