export {
  countOpenComplaints,
  fileComplaint,
  handleComplaint,
  listMyComplaints,
  listShopComplaints,
} from './complaints.service.ts';
export { getContent, syncDefaultContent } from './content.service.ts';
export { supportRoutes } from './support.routes.ts';
