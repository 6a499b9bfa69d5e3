/** Photos from the floor (issue 31 §5): the device's queue, hooks and commands. Heavy side (RxDB). */
export { usePendingPhotos, usePendingPhotoCount, useQueuedPhotos, usePhotoUrl, usePhotoImage, addPhoto, retryPhoto, discardPhoto, photoCommands, PHOTO_DATA_MESSAGES } from './hooks';
export type { PendingPhoto, PhotoImage } from './hooks';
export type { PendingPhotoInfo, PendingPhotoState } from './queue';
export { photoQueue$, photoCopies$, pendingPhotoCount } from './session';
