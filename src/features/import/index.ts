/** Importar planilha (issue 32): the button each area's page shows, and the recent imports list. */
export { ImportButton } from './ImportButton';
export { RecentImports } from './RecentImports';
export { IMPORT_TEXT } from './messages';
