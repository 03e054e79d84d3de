export { maxConcurrentDecodes } from './decode-slots.ts';
export { imagePlaceholder } from './placeholder.ts';
export { createUploadStorage, localStorage, s3Storage, type UploadStorage } from './storage.ts';
export { type UploadsRouteOptions, uploadsRoutes } from './uploads.routes.ts';
export {
  attachOwnUploads,
  attachUploads,
  isOwnUpload,
  isPrivatePurpose,
  type PrivateReader,
  purgeOrphanUploads,
  storeUpload,
  uploadContentHash,
  uploadPlaceholders,
} from './uploads.service.ts';
