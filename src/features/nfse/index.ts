/** NFS-e screens (issue 38): the panel the quotation and OS screens compose in (src/app). */
export { NfsePanel, type NfsePanelProps } from './NfsePanel';
