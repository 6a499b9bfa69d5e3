/** The customers feature: the screen, and the form dialog other screens compose (src/app). */
export { CustomersPage } from './CustomersPage';
export { CustomerForm } from './CustomerForm';
export { CustomerFormDialog } from './CustomerFormDialog';
export type { CustomerFormDialogProps } from './CustomerFormDialog';
export { CustomerDetailsDialog } from './CustomerDetailsDialog';
export { CUSTOMER_TEXT } from './messages';
