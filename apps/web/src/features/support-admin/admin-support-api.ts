import type {
  AdminComplaint,
  AdminContentItem,
  Complaint,
  ComplaintHandleRequest,
  ContentSaveRequest,
} from '@crossmart/contract';
import { api } from '../../shared/api/index.ts';

export const adminPageSize = 20;

interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  has_more: boolean;
}

export const listComplaints = (status: string, page: number) =>
  api.get<Page<AdminComplaint>>('/api/admin/complaint_list', { status, page, limit: adminPageSize });
export const handleComplaint = (body: ComplaintHandleRequest) =>
  api.post<Complaint>('/api/admin/complaint_handle', body);
export const listContent = () => api.get<AdminContentItem[]>('/api/admin/content_list');
export const saveContent = (body: ContentSaveRequest) => api.post<AdminContentItem>('/api/admin/content_save', body);
