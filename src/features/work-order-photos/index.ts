/** OS photos (issue 31 §5): the Serviços screen places WorkOrderPhotos in an OS. */
export { WorkOrderPhotos, type WorkOrderPhotosProps } from './WorkOrderPhotos';
export { PHOTO_TEXT, pendingStatusText } from './messages';
