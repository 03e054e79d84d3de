export { searchDemoSeed } from './demo-seed.ts';
export { searchRoutes } from './search.routes.ts';
export { listPopularSearches, purgeOldSearchDays } from './search.service.ts';
export { createSearchRecorder, type SearchRecorder } from './search-recorder.ts';
