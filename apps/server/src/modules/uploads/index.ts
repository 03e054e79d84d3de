export { uploadsRoutes } from './uploads.routes.ts';
export { isOwnUpload, isPrivatePurpose, storeUpload, type UploadDirs } from './uploads.service.ts';
