export { type UploadsRouteOptions, uploadsRoutes } from './uploads.routes.ts';
export { isOwnUpload, isPrivatePurpose, type PrivateReader, storeUpload, type UploadDirs } from './uploads.service.ts';
